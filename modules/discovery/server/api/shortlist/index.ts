import { commandRoute } from "#server/api/command-route";
import { pageQuerySchema } from "#domain/paging";
import { messageResultSchema } from "#domain/resources/results";
import { actSearchResultSchema } from "#modules/discovery/answers";
import { addToShortlist, listShortlist, removeFromShortlist } from "#modules/discovery/server/shortlists";
import { requireViewer, roles } from "#server/api/guards";
import { apiRoute, dataResponse, pagedResponse } from "#server/api/route-docs";
import { actUrlParam, createRouter } from "#server/api/router";

const TAGS = ["Shortlist"];

export const shortlistRoutes = createRouter()
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "post",
        middleware: [roles("PLANNER")],
        path: "/shortlist/add/{actUrl}",
        tags: TAGS,
        summary: "Save a public act to the planner's shortlist (saving it again changes nothing)",
        request: { params: actUrlParam },
        responses: { 200: dataResponse("Saved", messageResultSchema) },
      }),
      (deps, c) => addToShortlist(deps.db, deps.viewer, c.req.valid("param").actUrl),
    ),
  )
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "post",
        middleware: [roles("PLANNER")],
        path: "/shortlist/remove/{actUrl}",
        tags: TAGS,
        summary: "Take an act off the planner's shortlist",
        request: { params: actUrlParam },
        responses: { 200: dataResponse("Removed", messageResultSchema) },
      }),
      (deps, c) => removeFromShortlist(deps.db, deps.viewer, c.req.valid("param").actUrl),
    ),
  )
  .openapi(
    apiRoute({
      method: "get",
      middleware: [roles("PLANNER")],
      path: "/shortlist",
      tags: TAGS,
      summary: "A page of the planner's saved acts that are still public, as search results, latest saved first",
      request: { query: pageQuerySchema },
      responses: { 200: pagedResponse("Saved acts", actSearchResultSchema) },
    }),
    async (c) => c.json(await listShortlist(c.get("db"), requireViewer(c), c.req.valid("query")), 200),
  );
