import { commandRoute } from "#server/api/command-route";
import { randomUUID } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { createdResultSchema, messageResultSchema, videoUploadedSchema } from "#domain/resources/results";
import { pathSegmentSchema } from "#domain/schemas/fields";
import { Server as TusServer } from "@tus/server";
import { LIMITS } from "#domain/limits";
import { videoLinkSchema } from "#modules/files/schemas";
import type { Database } from "#server/db/client";
import type { FileStorage } from "#server/storage/file-storage";
import { ApiError, notFound } from "#server/errors";
import {
  addVideoLink,
  authorizeVideoUpload,
  completeVideoUpload,
  deleteVideo,
  ownsVideoUpload,
  recordVideoUpload,
  touchVideoUpload,
} from "#modules/files/server/videos";
import { roles, requireViewer } from "#server/api/guards";
import { onAct } from "#modules/acts/server";
import { pathError, idParam, actionRoute, actionRouteWithBody, actUrlParam, createRouter } from "#server/api/router";

const BASE = "/api/videos/upload";
// Set by our route from the checked session; a client's own values are dropped.
const ACT_HEADER = "x-eva-upload-act";
const OWNER_HEADER = "x-eva-upload-owner";

/** The tus server, on the storage's own store, so an upload cut by a restart resumes from its offset. */
function createTus(db: Database, storage: FileStorage) {
  const datastore = storage.createTusStore();
  const server = new TusServer({
    path: BASE,
    datastore,
    maxSize: LIMITS.videoUploadBytes,
    namingFunction: () => randomUUID(),
    generateUrl: (req, { id }) => {
      const [actUrl, userUrl] = new URL(req.url).pathname.slice(BASE.length + 1).split("/");
      return `${BASE}/${actUrl}/${userUrl}/${id}`;
    },
    getFileIdFromRequest: (req) => new URL(req.url).pathname.slice(BASE.length + 1).split("/")[2],
    onUploadCreate: async (req, upload) => {
      const type = upload.metadata?.filetype ?? upload.metadata?.type ?? "";
      if (!type.startsWith("video/")) throw { status_code: 415, body: "Only video files can be uploaded here\n" };
      const uppyId = new URL(req.url).searchParams.get("uppyId") ?? upload.id;
      try {
        await recordVideoUpload(db, {
          tusId: upload.id,
          uppyId,
          ownerId: req.headers.get(OWNER_HEADER)!,
          actId: Number(req.headers.get(ACT_HEADER)),
        });
      } catch (error) {
        if (error instanceof ApiError) throw { status_code: error.status, body: `${error.message}\n` };
        throw error;
      }
      return {};
    },
  });
  return { server, datastore };
}

export function videoRoutes(db: Database, storage: FileStorage) {
  // Made on first use: most processes and tests never upload a video.
  let tusInstance: ReturnType<typeof createTus> | null = null;
  const tus = () => (tusInstance ??= createTus(db, storage));
  const uploadState = async (tusId: string) => {
    try {
      const upload = await tus().datastore.getUpload(tusId);
      return { size: upload.size, offset: upload.offset };
    } catch {
      return null;
    }
  };

  const TUS_SEGMENT = pathSegmentSchema();
  const router = createRouter();
  // The resumable upload itself speaks the tus protocol, not JSON.
  router.all(`/videos/upload/:actUrl/:userUrl/:id?`, async (c) => {
    const viewer = requireViewer(c);
    const { actUrl, userUrl, id } = c.req.param();
    // The same path rule as every other route: no NUL, no broken Unicode, nothing huge.
    const failing = [actUrl, userUrl, id].filter(
      (value) => value !== undefined && !TUS_SEGMENT.safeParse(value).success,
    );
    if (failing.length > 0) throw pathError(failing);
    const headers = new Headers(c.req.raw.headers);
    headers.delete(ACT_HEADER);
    headers.delete(OWNER_HEADER);
    if (c.req.method === "POST" && !id) {
      // An upload says how large it is when it starts: one of unknown length could grow unbounded.
      if (c.req.header("upload-defer-length") !== undefined || c.req.header("upload-length") === undefined) {
        throw new ApiError("bad_request", "Say the upload's length when it starts (Upload-Length)");
      }
      const act = await authorizeVideoUpload(c.get("db"), viewer, actUrl, userUrl);
      headers.set(ACT_HEADER, String(act.id));
      headers.set(OWNER_HEADER, viewer.id);
    } else if (c.req.method !== "OPTIONS" && (!id || !(await ownsVideoUpload(c.get("db"), viewer, id)))) {
      throw notFound("No such upload");
    }
    const body = c.req.method === "GET" || c.req.method === "HEAD" ? undefined : c.req.raw.body;
    const answer = await tus().server.handleWeb(
      new Request(c.req.raw.url, { method: c.req.method, headers, body, duplex: "half" } as RequestInit),
    );
    if (c.req.method === "PATCH" && id && answer.ok) await touchVideoUpload(c.get("db"), id);
    return answer;
  });

  return router
    .openapi(
      ...commandRoute(
        actionRouteWithBody({
          guard: onAct(),
          path: "/videos/upload-link/{actUrl}",
          result: createdResultSchema,
          tags: ["Videos"],
          summary: "Add a YouTube or Vimeo link (six videos at most)",
          params: actUrlParam,
          body: videoLinkSchema,
          errors: [400, 401, 403, 404, 409, 422],
        }),
        (deps, c) => addVideoLink(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
      ),
    )
    .openapi(
      ...commandRoute(
        actionRoute({
          guard: roles("ARTIST", "ADMIN"),
          path: "/videos/upload-complete/{uppyId}",
          result: videoUploadedSchema,
          tags: ["Videos"],
          summary: "Turn a finished tus upload into one of the act's videos",
          params: z.object({ uppyId: pathSegmentSchema().openapi({ param: { name: "uppyId", in: "path" } }) }),
          errors: [401, 404, 409, 415],
        }),
        (deps, c) => completeVideoUpload(deps.db, storage, deps.viewer, c.req.valid("param").uppyId, uploadState),
      ),
    )
    .openapi(
      actionRoute({
        guard: onAct(),
        path: "/videos/delete/{actUrl}/{videoId}",
        result: messageResultSchema,
        tags: ["Videos"],
        summary: "Remove a video",
        params: actUrlParam.extend(idParam("videoId").shape),
        errors: [401, 403, 404],
      }),
      async (c) => {
        const { actUrl, videoId } = c.req.valid("param");
        return c.json({ data: await deleteVideo(c.get("db"), storage, requireViewer(c), actUrl, videoId) }, 200);
      },
    );
}
