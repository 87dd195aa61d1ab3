import { commandRoute } from "#server/api/command-route";
import { bodyLimit } from "hono/body-limit";
import type { FileStorage } from "#server/storage/file-storage";
import { createdResultSchema, messageResultSchema } from "#domain/resources/results";
import { LIMITS } from "#domain/limits";
import { uploadSchema } from "#modules/accounts/answers";
import { imageSchema } from "#modules/files/schemas";
import { badRequest } from "#server/errors";
import { payloadTooLarge } from "#server/http/drain-body";
import { createImage, deleteImage } from "#modules/files/server/images";
import { storeUpload } from "#modules/files/server/uploads";
import { roles, requireViewer } from "#server/api/guards";
import { onAct } from "#modules/acts/server";
import { apiRoute, dataResponse, errorResponses } from "#server/api/route-docs";
import { idParam, actionRoute, actionRouteWithBody, actUrlParam, createRouter } from "#server/api/router";

const imageParams = actUrlParam.extend(idParam("imageId").shape);

export function mediaRoutes(storage: FileStorage) {
  const router = createRouter();
  router.use(
    "/uploads",
    bodyLimit({ maxSize: LIMITS.documentUploadBytes + 1024 * 1024, onError: payloadTooLarge("The file is too large") }),
  );
  return router
    .openapi(
      apiRoute({
        method: "post",
        middleware: [roles("ARTIST", "ADMIN")],
        path: "/uploads",
        tags: ["Files"],
        summary: "Upload an image, avatar or document; its type is judged by its content",
        request: {
          body: {
            required: true,
            content: {
              // Plain JSON Schema: the handler reads the multipart body itself.
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: {
                    file: { type: "string", format: "binary" },
                    purpose: { type: "string", enum: ["image", "document", "avatar"] },
                  },
                  required: ["file", "purpose"],
                },
              },
            },
          },
        },
        responses: {
          201: dataResponse("Stored", uploadSchema),
          ...errorResponses(415, 429),
        },
      }),
      async (c) => {
        const viewer = requireViewer(c);
        let form: Record<string, unknown>;
        try {
          form = await c.req.parseBody();
        } catch {
          throw badRequest("The body must be multipart/form-data");
        }
        return c.json({ data: await storeUpload(c.get("db"), storage, viewer, form.purpose, form.file) }, 201);
      },
    )
    .openapi(
      ...commandRoute(
        actionRouteWithBody({
          guard: onAct(),
          path: "/images/create/{actUrl}",
          result: createdResultSchema,
          tags: ["Images"],
          summary: "Add an uploaded image to the act (six at most)",
          params: actUrlParam,
          body: imageSchema,
          errors: [400, 401, 403, 404, 409, 422],
        }),
        (deps, c) => createImage(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
      ),
    )
    .openapi(
      actionRoute({
        guard: onAct(),
        path: "/images/delete/{actUrl}/{imageId}",
        result: messageResultSchema,
        tags: ["Images"],
        summary: "Remove an image",
        params: imageParams,
        errors: [401, 403, 404],
      }),
      async (c) => {
        const { actUrl, imageId } = c.req.valid("param");
        return c.json({ data: await deleteImage(c.get("db"), storage, requireViewer(c), actUrl, imageId) }, 200);
      },
    );
}
