import { z } from "@hono/zod-openapi";
import { createdResultSchema, messageResultSchema } from "#domain/resources/results";
import { commandRoute } from "#server/api/command-route";
import { requireViewer } from "#server/api/guards";
import { apiRoute, dataResponse } from "#server/api/route-docs";
import { actUrlParam, actionRoute, actionRouteWithBody, createRouter, idParam } from "#server/api/router";
import { onAct } from "#modules/acts/server";
import { quoteTemplateAnswerSchema } from "../../answers";
import { quoteTemplateSchema } from "../../schemas";
import { deleteQuoteTemplate, listQuoteTemplates, saveQuoteTemplate } from "../quote-templates";

/** CONTRACT "What acts get to run their business (turn 5)": quote templates. */
export const quoteTemplateRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      middleware: [onAct()],
      path: "/acts/{actUrl}/quote-templates",
      tags: ["Acts"],
      summary: "The act's quote templates, by name (the act's artist or an admin)",
      request: { params: actUrlParam },
      responses: { 200: dataResponse("Templates", z.array(quoteTemplateAnswerSchema)) },
    }),
    async (c) =>
      c.json({ data: await listQuoteTemplates(c.get("db"), requireViewer(c), c.req.valid("param").actUrl) }, 200),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onAct(),
        path: "/acts/{actUrl}/quote-templates",
        tags: ["Acts"],
        summary: "Save a quote template (the act's artist or an admin)",
        description:
          "A price, deposit, policy, terms and message the offer form fills from. At most 20 an act and each name once (409).",
        params: actUrlParam,
        body: quoteTemplateSchema,
        result: createdResultSchema,
        errors: [409],
      }),
      (deps, c) => saveQuoteTemplate(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: onAct(),
        path: "/acts/{actUrl}/quote-templates/{id}/delete",
        tags: ["Acts"],
        summary: "Delete a quote template (the act's artist or an admin)",
        params: actUrlParam.extend(idParam("id").shape),
        result: messageResultSchema,
      }),
      (deps, c) => deleteQuoteTemplate(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("param").id),
    ),
  );
