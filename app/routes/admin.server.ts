import { data, redirect, type AppLoadContext } from "react-router";
import type { ActStatusKey } from "#modules/acts/act-status";
import {
  countActsByStatus,
  countWaitingForAdmin,
  listActsByStatus,
  listPendingTagRequests,
  QUEUE_PAGE_SIZE,
  QUEUE_STATUSES,
} from "#modules/moderation/server";
import type { SessionUser } from "#domain/session-user";
import { pageNumber } from "../lib/page-number";
import { adminJobsQuerySchema } from "#domain/resources/jobs";
import { pageCount } from "#domain/paging";
import { countJobs, listJobs } from "#server/jobs/admin-jobs";

/** Admin pages: a guest is sent to sign in and back; other roles get a 403 page. */
export function requireAdmin(context: AppLoadContext, url: URL): SessionUser {
  if (!context.viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (context.viewer.role !== "ADMIN") throw data("Only admins see the moderation queues", { status: 403 });
  return context.viewer;
}

export async function loadAdminActs(context: AppLoadContext, url: URL) {
  requireAdmin(context, url);
  const asked = url.searchParams.get("status");
  const status: ActStatusKey = QUEUE_STATUSES.includes(asked as ActStatusKey) ? (asked as ActStatusKey) : "pending";
  const page = pageNumber(url);
  const [counts, acts, waiting] = await Promise.all([
    countActsByStatus(context.db),
    listActsByStatus(context.db, status, page),
    countWaitingForAdmin(context.db),
  ]);
  return { status, page, pages: Math.max(1, Math.ceil(counts[status] / QUEUE_PAGE_SIZE)), counts, acts, waiting };
}

export async function loadAdminTagRequests(context: AppLoadContext, url: URL) {
  requireAdmin(context, url);
  const [requests, waiting] = await Promise.all([listPendingTagRequests(context.db), countWaitingForAdmin(context.db)]);
  return { requests, waiting };
}

/** The jobs page: counts by kind and state, and a page of the jobs of one state (failures first) and kind. */
export async function loadAdminJobs(context: AppLoadContext, url: URL) {
  requireAdmin(context, url);
  const parsed = adminJobsQuerySchema.safeParse({
    state: url.searchParams.get("state") ?? "failed",
    kind: url.searchParams.get("kind") ?? undefined,
    page: pageNumber(url),
  });
  const query = parsed.success ? parsed.data : adminJobsQuerySchema.parse({ state: "failed" });
  const [counts, jobs] = await Promise.all([countJobs(context.db), listJobs(context.db, query)]);
  return {
    counts,
    jobs: jobs.data,
    state: query.state ?? "failed",
    kind: query.kind ?? null,
    page: query.page,
    pages: pageCount(jobs.meta),
  };
}
