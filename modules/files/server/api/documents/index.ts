import { commandRoute } from "#server/api/command-route";
import { z } from "@hono/zod-openapi";
import type { FileStorage } from "#server/storage/file-storage";
import { documentSchema as documentAnswerSchema } from "#modules/files/answers";
import { createdResultSchema, messageResultSchema } from "#domain/resources/results";
import { text } from "#domain/schemas/fields";
import { documentSchema } from "#modules/files/document-schemas";
import {
  findDocument,
  createDocument,
  deleteDocument,
  listDocuments,
  setDocumentApproval,
} from "#modules/files/server/documents";
import { adminOnly, onItem, roles, requireAdmin } from "#server/api/guards";
import { onAct } from "#modules/acts/server";
import { apiRoute, dataResponse, errorResponses } from "#server/api/route-docs";
import { idParam as pathId, actionRoute, actionRouteWithBody, actUrlParam, createRouter } from "#server/api/router";

const idParam = pathId("id");

export function documentRoutes(storage: FileStorage) {
  return createRouter()
    .openapi(
      ...commandRoute(
        apiRoute({
          method: "get",
          middleware: [roles("ARTIST", "ADMIN")],
          path: "/documents",
          tags: ["Documents"],
          summary: "Documents of the caller's acts (admins: all), optionally of one act",
          request: { query: z.object({ actUrl: text().max(255).optional() }) },
          responses: {
            200: dataResponse("Documents, by act name and age", z.array(documentAnswerSchema)),
            ...errorResponses(404),
          },
        }),
        (deps, c) => listDocuments(deps.db, deps.viewer, c.req.valid("query").actUrl || undefined),
      ),
    )
    .openapi(
      ...commandRoute(
        actionRouteWithBody({
          guard: onAct(),
          path: "/documents/create/{actUrl}",
          result: createdResultSchema,
          tags: ["Documents"],
          summary: "Add an uploaded document (waits for an admin's approval)",
          params: actUrlParam,
          body: documentSchema,
          errors: [400, 401, 403, 404, 409, 422],
        }),
        (deps, c) => createDocument(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
      ),
    )
    .openapi(
      ...commandRoute(
        actionRoute({
          guard: onItem("id", findDocument, "The act's artist (its manager) and admins"),
          path: "/documents/delete/{id}",
          result: messageResultSchema,
          tags: ["Documents"],
          summary: "Delete a document and its file",
          params: idParam,
          errors: [401, 403, 404],
        }),
        (deps, c) => deleteDocument(deps.db, storage, deps.viewer, c.req.valid("param").id),
      ),
    )
    .openapi(
      actionRoute({
        guard: adminOnly,
        path: "/documents/approve/{id}",
        result: messageResultSchema,
        tags: ["Documents"],
        summary: "Approve a document (admin)",
        params: idParam,
        errors: [401, 403, 404],
      }),
      async (c) =>
        c.json(
          { data: await setDocumentApproval(c.get("db"), requireAdmin(c), c.req.valid("param").id, "approved") },
          200,
        ),
    )
    .openapi(
      actionRoute({
        guard: adminOnly,
        path: "/documents/decline/{id}",
        result: messageResultSchema,
        tags: ["Documents"],
        summary: "Decline a document (admin)",
        params: idParam,
        errors: [401, 403, 404],
      }),
      async (c) =>
        c.json(
          { data: await setDocumentApproval(c.get("db"), requireAdmin(c), c.req.valid("param").id, "declined") },
          200,
        ),
    );
}
