import { z } from "zod";
import { adminJobSchema, adminJobsQuerySchema, jobCountSchema, runJobNowSchema } from "#domain/resources/jobs";
import { messageResultSchema } from "#domain/resources/results";
import { countJobs, listJobs, runJobNow } from "#server/jobs/admin-jobs";
import { conflict } from "../../errors";
import { requireViewer, roles } from "../guards";
import { apiRoute, dataResponse, errorResponses, pagedResponse } from "../route-docs";
import { createRouter } from "../router";

const TAGS = ["Jobs"];

export const jobRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      middleware: [roles("ADMIN")],
      path: "/admin/jobs",
      tags: TAGS,
      summary:
        "A page of the work done later or elsewhere (reminders, calendar reads, mail retries), the latest due first, of a state and a kind when asked",
      request: { query: adminJobsQuerySchema },
      responses: { 200: pagedResponse("Jobs", adminJobSchema) },
    }),
    async (c) => c.json(await listJobs(c.get("db"), c.req.valid("query")), 200),
  )
  .openapi(
    apiRoute({
      method: "get",
      middleware: [roles("ADMIN")],
      path: "/admin/jobs/counts",
      tags: TAGS,
      summary: "How many jobs each kind has in each state",
      responses: { 200: dataResponse("Counts", z.array(jobCountSchema)) },
    }),
    async (c) => c.json({ data: await countJobs(c.get("db")) }, 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [roles("ADMIN")],
      path: "/admin/jobs/{id}/run-now",
      tags: TAGS,
      summary: "Run a scheduled job now, saying why (kept with the job and logged)",
      request: {
        params: z.object({
          id: z
            .string()
            .max(100)
            .openapi({ param: { name: "id", in: "path" } }),
        }),
        body: { content: { "application/json": { schema: runJobNowSchema } }, required: true },
      },
      responses: { 200: dataResponse("Done", messageResultSchema), ...errorResponses(409) },
    }),
    async (c) => {
      const admin = requireViewer(c);
      const { reason } = c.req.valid("json");
      const { id } = c.req.valid("param");
      if (!(await runJobNow(c.get("db"), id, admin, reason))) throw conflict("This job is not waiting to run");
      c.get("log").info({ job: id, admin: admin.id, reason }, "an admin ran a job now");
      return c.json({ data: { message: "The job runs now" } }, 200);
    },
  );
