import { Link } from "react-router";
import { ModerationActions } from "#modules/moderation/ui";
import { PendingTagRequest } from "#modules/moderation/ui";
import { TagsDialog } from "#modules/moderation/ui";
import type { SectionProps } from "../types";

const linkClass =
  "inline-flex items-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50";

/** The artist/admin-only block: profile and document links, tag and moderation actions. */
export function ManageBlock({ act, can }: SectionProps) {
  if (!can.manage) return null;
  return (
    <section aria-label="Manage this act" className="flex flex-wrap gap-2 rounded-lg bg-white p-5 shadow-sm">
      <Link to={`/entertainment/update/${act.url}`} className={linkClass}>
        Update Profile
      </Link>
      <Link to={`/entertainment/${act.url}/calendar`} className={linkClass}>
        Calendar
      </Link>
      <Link to="/documents" className={linkClass}>
        Manage Documents
      </Link>
      {can.requestTagUpdate && !act.pendingTagRequest && <TagsDialog act={act} mode="request" />}
      <ModerationActions act={act} can={can} />
      <PendingTagRequest act={act} can={can} />
    </section>
  );
}
