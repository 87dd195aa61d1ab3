import { createRoute, z } from "@hono/zod-openapi";
import { documentSchema } from "../../../domain/schemas/documents";
import { createDocument, deleteDocument, listDocuments, setDocumentApproval } from "../../services/documents";
import { requireAdmin, requireViewer } from "../guards";
import { actionRoute, actionRouteWithBody, actUrlParam, createRouter, errorResponses } from "../router";

const idParam = z.object({ id: z.coerce.number().int().positive().openapi({ param: { name: "id", in: "path" } }) });

export function documentRoutes(dataDir: string) {
  return createRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/documents",
        tags: ["Documents"],
        summary: "Documents of the caller's acts (admins: all), optionally of one act",
        request: { query: z.object({ actUrl: z.string().max(255).optional() }) },
        responses: { 200: { description: "Documents", content: { "application/json": { schema: z.object({ data: z.array(z.looseObject({ id: z.number(), title: z.string() })) }) } } }, ...errorResponses(401, 403, 404) },
      }),
      async (c) => c.json({ data: await listDocuments(c.get("db"), requireViewer(c), c.req.valid("query").actUrl || undefined) }, 200),
    )
    .openapi(createRoute(actionRouteWithBody({ path: "/documents/create/{actUrl}", tags: ["Documents"], summary: "Add an uploaded document (waits for an admin's approval)", params: actUrlParam, body: documentSchema, errors: [400, 401, 403, 404, 409, 422] })), async (c) =>
      c.json({ data: await createDocument(c.get("db"), requireViewer(c), c.req.valid("param").actUrl, c.req.valid("json")) }, 200),
    )
    .openapi(createRoute(actionRoute({ path: "/documents/delete/{id}", tags: ["Documents"], summary: "Delete a document and its file", params: idParam, errors: [401, 403, 404] })), async (c) =>
      c.json({ data: await deleteDocument(c.get("db"), dataDir, requireViewer(c), c.req.valid("param").id as number) }, 200),
    )
    .openapi(createRoute(actionRoute({ path: "/documents/approve/{id}", tags: ["Documents"], summary: "Approve a document (admin)", params: idParam, errors: [401, 403, 404] })), async (c) =>
      c.json({ data: await setDocumentApproval(c.get("db"), requireAdmin(c), c.req.valid("param").id as number, "approved") }, 200),
    )
    .openapi(createRoute(actionRoute({ path: "/documents/decline/{id}", tags: ["Documents"], summary: "Decline a document (admin)", params: idParam, errors: [401, 403, 404] })), async (c) =>
      c.json({ data: await setDocumentApproval(c.get("db"), requireAdmin(c), c.req.valid("param").id as number, "declined") }, 200),
    );
}
