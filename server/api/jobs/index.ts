import { z } from "zod";
import { adminJobSchema, adminJobsQuerySchema, jobCountSchema } from "#domain/resources/jobs";
import { countJobs, listJobs } from "#server/jobs/admin-jobs";
import { roles } from "../guards";
import { apiRoute, dataResponse, pagedResponse } from "../route-docs";
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
  );
