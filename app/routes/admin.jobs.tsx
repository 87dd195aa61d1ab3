import { Link } from "react-router";
import { JOB_KINDS, JOB_KIND_NAMES, JOB_STATES, JOB_STATE_LABELS, type JobKind, type JobState } from "#domain/jobs";
import { LIMITS } from "#domain/limits";
import { runJobNowSchema } from "#domain/resources/jobs";
import { LocalTime } from "#ui/local-time";
import { Button } from "#ui/button";
import { TextAreaDialog } from "#ui/text-area-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { Pager } from "#ui/pager";
import type { RouteHandle } from "../root";
import { loadAdminJobs } from "./admin.server";
import type { Route } from "./+types/admin.jobs";

export const handle: RouteHandle = { queryParams: ["state", "kind", "page"] };

export function meta() {
  return [{ title: "Jobs" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadAdminJobs(context, url);
}

const kindLabel = (kind: string) => (kind in JOB_KINDS ? JOB_KINDS[kind as JobKind].label : kind);

function jobsHref(state: JobState, kind: string | null, page = 1): string {
  const params = new URLSearchParams({ state });
  if (kind) params.set("kind", kind);
  if (page > 1) params.set("page", String(page));
  return `/admin/jobs?${params}`;
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { counts, jobs, state, kind, page, pages } = loaderData;
  const countOf = (jobKind: string, jobState: JobState) =>
    counts.find((count) => count.kind === jobKind && count.state === jobState)?.count ?? 0;
  const heading = `${JOB_STATE_LABELS[state]} jobs${kind ? `: ${kindLabel(kind)}` : ""}`;
  return (
    <>
      <h1 className="text-2xl font-bold">Jobs</h1>
      <p className="mt-2 text-gray-700">
        The work done later or elsewhere: reminders, calendar reads, mail sent again. A job that fails is tried again,
        then shown here with its error.
      </p>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full min-w-[32rem] bg-white text-left text-sm shadow-sm">
          <caption className="sr-only">Jobs by kind and state</caption>
          <thead>
            <tr className="border-b border-gray-200">
              <th scope="col" className="p-2">
                Kind
              </th>
              {JOB_STATES.map((jobState) => (
                <th key={jobState} scope="col" className="p-2 text-right">
                  {JOB_STATE_LABELS[jobState]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {JOB_KIND_NAMES.map((jobKind) => (
              <tr key={jobKind} className="border-b border-gray-100">
                <th scope="row" className="p-2 font-medium">
                  {kindLabel(jobKind)}
                </th>
                {JOB_STATES.map((jobState) => (
                  <td key={jobState} className="p-2 text-right tabular-nums">
                    <Link
                      to={jobsHref(jobState, jobKind)}
                      className="text-brand-800 underline"
                      aria-label={`${countOf(jobKind, jobState)} ${JOB_STATE_LABELS[jobState].toLowerCase()}: ${kindLabel(jobKind)}`}
                    >
                      {countOf(jobKind, jobState)}
                    </Link>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Job states" className="mt-6 flex flex-wrap gap-2">
        {JOB_STATES.map((jobState) => (
          <Link
            key={jobState}
            to={jobsHref(jobState, kind)}
            aria-current={jobState === state ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${jobState === state ? "bg-brand-700 text-white" : "bg-white text-gray-900 ring-1 ring-gray-300 hover:bg-gray-50"}`}
          >
            {JOB_STATE_LABELS[jobState]}
          </Link>
        ))}
        {kind && (
          <Link to={jobsHref(state, null)} className="px-3 py-1.5 text-sm text-brand-800 underline">
            Every kind
          </Link>
        )}
      </nav>
      <h2 className="mt-6 text-xl font-semibold">{heading}</h2>
      {jobs.length === 0 ? (
        <p className="mt-3 text-gray-700">No {JOB_STATE_LABELS[state].toLowerCase()} jobs.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {jobs.map((job) => (
            <li key={job.id} className="rounded-lg bg-white p-4 shadow-sm">
              <p className="font-semibold">
                {kindLabel(job.kind)}
                {job.subject && <span className="font-normal text-gray-700"> · {job.subject}</span>}
              </p>
              <p className="text-sm text-gray-700">
                {job.cancelled ? (
                  <>
                    Cancelled · was due <LocalTime instant={job.run_at} /> · never run
                  </>
                ) : (
                  <>
                    {JOB_STATE_LABELS[job.state]} · due <LocalTime instant={job.run_at} /> ·{" "}
                    {job.attempts === 1 ? "1 try" : `${job.attempts} tries`}
                  </>
                )}
              </p>
              {job.run_now && (
                <p className="mt-1 text-sm text-gray-700">
                  Run now by {job.run_now.by} on <LocalTime instant={job.run_now.at} />: “{job.run_now.reason}”
                </p>
              )}
              {job.state === "scheduled" && (
                <div className="mt-2">
                  <TextAreaDialog
                    title={`Run ${kindLabel(job.kind)} now?`}
                    description="It runs at once instead of at its time, as it would then. Say why: the reason is kept with the job and logged."
                    trigger={
                      <Button variant="secondary" className="px-3 py-1">
                        Run now
                        <span className="sr-only">
                          {" "}
                          ({kindLabel(job.kind)}
                          {job.subject ? `, ${job.subject}` : ""})
                        </span>
                      </Button>
                    }
                    label="Why it runs now"
                    max={LIMITS.cancelReason}
                    rule={runJobNowSchema.shape.reason}
                    submitLabel="Run now"
                    field="reason"
                    send={(reason) =>
                      outcome(
                        api.POST("/admin/jobs/{id}/run-now", { params: { path: { id: job.id } }, body: { reason } }),
                      )
                    }
                  />
                </div>
              )}
              {job.last_error && (
                <p className="mt-2 break-words text-sm text-red-800">
                  <span className="font-medium">Error:</span> {job.last_error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} link={(number) => jobsHref(state, kind, number)} />
    </>
  );
}
