import { z } from "zod";
import { JOB_KIND_NAMES, JOB_STATES } from "../jobs";
import { pageQuerySchema } from "../paging";

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
    },
  });
export type AdminJob = z.infer<typeof adminJobSchema>;

export const jobCountSchema = z.object({ kind: z.string(), state: z.enum(JOB_STATES), count: z.number().int() }).meta({
  id: "JobCount",
  description: "How many jobs of a kind are in a state",
  example: { kind: "calendar-read", state: "done", count: 1440 },
});
export type JobCount = z.infer<typeof jobCountSchema>;
