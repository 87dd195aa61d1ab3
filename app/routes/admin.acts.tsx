import { LocalDay } from "#ui/local-time";
import { Link } from "react-router";
import { deriveActStatus, type ActStatusKey } from "#modules/acts/act-status";
import { Badge } from "#ui/badge";
import { ActPicture } from "#modules/files/ui";
import { QueueNav } from "#modules/moderation/ui";
import { ApproveActDialog } from "#modules/moderation/ui";
import { DeclineActDialog } from "#modules/moderation/ui";
import { loadAdminActs } from "./admin.server";
import type { Route } from "./+types/admin.acts";
import { Pager } from "#ui/pager";

export function meta() {
  return [{ title: "Acts to moderate" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadAdminActs(context, url);
}

const STATUS_FLAGS: Record<ActStatusKey, { application_complete: boolean; active: boolean; declined: boolean }> = {
  pending: { application_complete: true, active: false, declined: false },
  approved: { application_complete: true, active: true, declined: false },
  declined: { application_complete: true, active: false, declined: true },
  draft: { application_complete: false, active: false, declined: false },
};
const TABS: ActStatusKey[] = ["pending", "approved", "declined", "draft"];

export default function AdminActs({ loaderData }: Route.ComponentProps) {
  const { status, counts, acts, page, pages, waiting } = loaderData;
  const label = deriveActStatus(STATUS_FLAGS[status]).label;
  return (
    <>
      <h1 className="text-2xl font-bold">Acts to moderate</h1>
      <QueueNav waiting={waiting} />
      <nav aria-label="Acts by status" className="mt-6 border-b border-gray-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((key) => {
            const current = key === status;
            return (
              <li key={key}>
                <Link
                  to={`/admin/acts?status=${key}`}
                  aria-current={current ? "page" : undefined}
                  className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${current ? "border-brand-700 text-brand-800" : "border-transparent text-gray-700 hover:border-gray-300"}`}
                >
                  {deriveActStatus(STATUS_FLAGS[key]).label} ({counts[key]})
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="queue-heading" className="mt-4">
        <h2 id="queue-heading" className="sr-only">
          {label}
        </h2>
        {acts.length === 0 ? (
          <p className="text-gray-700">No acts are {label.toLowerCase()}.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {acts.map((act) => (
              <QueueItem key={act.url} act={act} status={status} />
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} link={(to) => `/admin/acts?status=${status}&page=${to}`} />
      </section>
    </>
  );
}

type QueueAct = Route.ComponentProps["loaderData"]["acts"][number];

function QueueItem({ act, status }: { act: QueueAct; status: ActStatusKey }) {
  const shown = deriveActStatus(STATUS_FLAGS[status]);
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg bg-white p-4 shadow-sm"
      aria-labelledby={`queue-${act.url}`}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <ActPicture act={act} width={80} height={80} className="h-20 w-20 shrink-0 rounded-md" />
        <div className="min-w-0">
          <p id={`queue-${act.url}`} className="font-semibold">
            <Link to={`/entertainment/${act.url}`} className="text-brand-800 underline">
              {act.name}
            </Link>{" "}
            <Badge color={shown.color}>{shown.label}</Badge>
          </p>
          <p className="text-sm text-gray-800">{act.headline ?? "No headline yet"}</p>
          <p className="text-sm text-gray-700">
            {act.location ?? "No home city yet"} · managed by {act.manager ?? "nobody"} · since{" "}
            <LocalDay instant={act.created_at} />
          </p>
          <p className="text-sm text-gray-700">{act.tags.length ? `Tags: ${act.tags.join(", ")}` : "No tags yet"}</p>
          <ul aria-label={`Application checklist of ${act.name}`} className="mt-1 flex flex-wrap gap-x-3 text-xs">
            {act.checklist.map((item) => (
              <li key={item.key} className={item.done ? "text-green-800" : "text-red-800"}>
                {/* A mark and a word, not colour alone. */}
                <span aria-hidden="true">{item.done ? "✓" : "✗"}</span> {item.label}
                <span className="sr-only">{item.done ? ": done" : ": missing"}</span>
              </li>
            ))}
          </ul>
          {act.decline_reason && status === "declined" && (
            <p className="mt-1 text-sm text-gray-700">Reason: {act.decline_reason}</p>
          )}
        </div>
      </div>
      {status !== "draft" && (
        <div className="flex gap-2">
          {status !== "approved" && (
            <ApproveActDialog
              actUrl={act.url}
              actName={act.name}
              triggerLabel={`Approve ${act.name}`}
              missing={act.checklist.filter((item) => !item.done).map((item) => item.label)}
            />
          )}
          {status !== "declined" && <DeclineActDialog actUrl={act.url} actName={act.name} />}
        </div>
      )}
    </li>
  );
}
