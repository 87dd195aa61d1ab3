import { z } from "zod";
import { JOB_KIND_NAMES, JOB_STATES } from "../jobs";
import { LIMITS } from "../limits";
import { pageQuerySchema } from "../paging";
import { requiredText } from "../schemas/fields";

export const adminJobsQuerySchema = pageQuerySchema.extend({
  state: z.enum(JOB_STATES).optional(),
  kind: z.enum(JOB_KIND_NAMES as [string, ...string[]]).optional(),
});
export type AdminJobsQuery = z.infer<typeof adminJobsQuerySchema>;

export const adminJobSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    run_at: z.string().describe("When the job is due, or was"),
    state: z.enum(JOB_STATES),
    attempts: z.number().int().describe("How many times it was tried"),
    last_error: z.string().nullable().describe("Why its last try failed"),
    subject: z.string().nullable().describe("What the job is about (a booking, an offer), when it is about one thing"),
    cancelled: z
      .boolean()
      .describe("A done job that was called off rather than run (a reminder of a cancelled booking)"),
    run_now: z
      .object({ by: z.string(), reason: z.string(), at: z.string() })
      .nullable()
      .describe("An admin ran it before its time: who, why and when"),
  })
  .meta({
    id: "AdminJob",
    description: "A piece of work done later or elsewhere, as admins see it",
    example: {
      id: "6f1c9a5e-0000-4000-8000-000000000001",
      kind: "calendar-read",
      run_at: "2026-11-26T21:00:00.000Z",
      state: "done",
      attempts: 1,
      last_error: null,
      subject: null,
      cancelled: false,
      run_now: null,
    },
  });
export type AdminJob = z.infer<typeof adminJobSchema>;

export const jobCountSchema = z.object({ kind: z.string(), state: z.enum(JOB_STATES), count: z.number().int() }).meta({
  id: "JobCount",
  description: "How many jobs of a kind are in a state",
  example: { kind: "calendar-read", state: "done", count: 1440 },
});
export type JobCount = z.infer<typeof jobCountSchema>;

/** POST /api/admin/jobs/{id}/run-now: why an admin runs a scheduled job before its time (kept with the job). */
export const runJobNowSchema = z.object({
  reason: requiredText(LIMITS.cancelReason, "Say why it runs now"),
});
export type RunJobNowInput = z.infer<typeof runJobNowSchema>;
