import { type SQL, sql } from "drizzle-orm";
import { JOB_STATES, type JobState } from "#domain/jobs";
import type { Paged } from "#domain/paging";
import type { AdminJob, AdminJobsQuery, JobCount } from "#domain/resources/jobs";
import type { Executor } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { JOB_SCHEMA } from "./job-queue";

/** The job library's states as admins read them: a cancelled job is done (nothing is left to do). */
const LIBRARY_STATES: Record<JobState, string[]> = {
  scheduled: ["created", "retry"],
  running: ["active"],
  done: ["completed", "cancelled"],
  failed: ["failed"],
};
const stateOf = (libraryState: string): JobState =>
  JOB_STATES.find((state) => LIBRARY_STATES[state].includes(libraryState)) ?? "scheduled";

const jobTable = sql.raw(`${JOB_SCHEMA}.job`);

function filterOf(query: Pick<AdminJobsQuery, "state" | "kind">): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.state)
    conditions.push(
      sql`state::text in (${sql.join(
        LIBRARY_STATES[query.state].map((state) => sql`${state}`),
        sql`, `,
      )})`,
    );
  if (query.kind) conditions.push(sql`name = ${query.kind}`);
  return sql.join(conditions, sql` and `);
}

interface JobRow {
  id: string;
  name: string;
  run_at: Date | string;
  state: string;
  retry_count: number;
  error: string | null;
  subject: string | null;
  run_now: { by: string; reason: string; at: string } | null;
}

/** A page of jobs, the latest due first, of a state and a kind when asked. */
export async function listJobs(db: Executor, query: AdminJobsQuery): Promise<Paged<AdminJob>> {
  const where = filterOf(query);
  const [rows, [counted]] = await Promise.all([
    rowsOf<JobRow>(
      db.execute(sql`select id::text, name, start_after as run_at, state::text, retry_count,
                            case when state::text in ('failed', 'retry') then coalesce(output ->> 'message', output #>> '{}') end as error,
                            data ->> 'subject' as subject, data -> 'runNow' as run_now
                       from ${jobTable} where ${where}
                      order by start_after desc, id
                      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`),
    ),
    rowsOf<{ total: number }>(db.execute(sql`select count(*)::int as total from ${jobTable} where ${where}`)),
  ]);
  return {
    data: rows.map((row) => {
      const state = stateOf(row.state);
      return {
        id: row.id,
        kind: row.name,
        run_at: new Date(row.run_at).toISOString(),
        state,
        // A job waiting for a retry was tried retry_count times; one running or finished, once more.
        attempts: row.retry_count + (row.state === "created" || row.state === "retry" ? 0 : 1),
        last_error: row.error,
        subject: row.subject,
        cancelled: row.state === "cancelled",
        run_now: row.run_now ?? null,
      };
    }),
    meta: { page: query.page, perPage: query.perPage, total: counted?.total ?? 0 },
  };
}

/** How many jobs each kind has in each state, for the admins' summary. */
export async function countJobs(db: Executor): Promise<JobCount[]> {
  const rows = await rowsOf<{ name: string; state: string; count: number }>(
    db.execute(
      sql`select name, state::text, count(*)::int as count from ${jobTable} group by name, state order by name, state`,
    ),
  );
  const counts = new Map<string, JobCount>();
  for (const row of rows) {
    const state = stateOf(row.state);
    const key = `${row.name} ${state}`;
    const entry = counts.get(key) ?? { kind: row.name, state, count: 0 };
    entry.count += row.count;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

/**
 * An admin runs a scheduled job now, with a reason: its due time becomes now (a worker takes it
 * at its next look), and who asked, why and when are kept in the job's data. Answers whether a
 * job was waiting to run; a running, finished or failed job is left as it is.
 */
export async function runJobNow(
  db: Executor,
  id: string,
  by: { id: string; name: string },
  reason: string,
): Promise<boolean> {
  const note = JSON.stringify({ by: by.name, byId: by.id, reason, at: new Date().toISOString() });
  const rows = await rowsOf<{ id: string }>(
    db.execute(sql`update ${jobTable} set start_after = now(), data = coalesce(data, '{}'::jsonb) || jsonb_build_object('runNow', ${note}::jsonb)
      where id::text = ${id} and state::text in ('created', 'retry') returning id::text`),
  );
  return rows.length > 0;
}
