import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import type { SectionProps } from "../types";

const linkClass = "inline-flex items-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50";

/** The artist/admin-only block: profile and document links, tag and moderation actions. */
export function ManageBlock({ act, can }: SectionProps) {
  if (!can.manage) return null;
  return (
    <section aria-label="Manage this act" className="flex flex-wrap gap-2 rounded-lg bg-white p-5 shadow-sm">
      <Link to={`/entertainment/update/${act.url}`} className={linkClass}>
        Update Profile
      </Link>
      <Link to="/documents" className={linkClass}>
        Manage Documents
      </Link>
      {can.requestTagUpdate && <Button variant="secondary">Request to Update Genres and Tags or Styles</Button>}
      {can.admin && <Button variant="secondary">Edit Tags</Button>}
      {can.approve && <Button>Approve</Button>}
      {can.decline && <Button variant="danger">Decline</Button>}
      {can.admin && <Button variant="secondary">Reassign</Button>}
      {can.toggleFeatured && <Button variant="secondary">{act.is_featured ? "Unfeature" : "Feature"}</Button>}
      {can.admin && (
        <Button variant="secondary">{act.nationallyRecognized ? "Unmark Nationally Recognized" : "Mark Nationally Recognized"}</Button>
      )}
      {can.admin && (
        <Button variant="secondary">{act.internal_use_only ? "Unmark For Internal Use Only" : "Mark For Internal Use Only"}</Button>
      )}
    </section>
  );
}
