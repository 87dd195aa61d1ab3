import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { canDownloadDocument } from "#domain/permissions";
import type { AppEnv } from "#server/http/app-env";
import type { Executor } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { documents, images, uploads, videos } from "#modules/files/server/tables";
import { actAccess } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";
import type { FileStorage, StoredFile } from "#server/storage/file-storage";
import { sizedCopy } from "./image-cleaning";
import { type StoredFileKey, parseFileKey } from "./stored-file-key";

const RASTER_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
};
const VIDEO_TYPES: Record<string, string> = {
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  m4v: "video/mp4",
  ogv: "video/ogg",
};
const DOCUMENT_TYPES: Record<string, string> = {
  ...RASTER_TYPES,
  pdf: "application/pdf",
  svg: "image/svg+xml",
  tif: "image/tiff",
  tiff: "image/tiff",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  rtf: "application/rtf",
  txt: "text/plain; charset=utf-8",
};

/** Documents a browser may show in place without running anything of theirs on our origin. */
const INLINE_DOCUMENTS = new Set(["pdf", ...Object.keys(RASTER_TYPES)]);

/**
 * Sent with every /files answer, found or not: the browser must not guess a type, and a
 * stored file opened on its own runs in a sandbox with no script and no access to our origin.
 */
export const FILE_SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy":
    "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
} as const;

interface Serving {
  contentType: string;
  cacheControl: string;
  disposition: "inline" | "attachment";
}

const PUBLIC = "public, max-age=86400";
const PUBLIC_IMMUTABLE = "public, max-age=31536000, immutable";
const PRIVATE = "private, no-store";

/** How a key may be served to this viewer, or null when it may not (a 404: nothing is said of it). */
async function servingFor(db: Executor, viewer: SessionUser | null, file: StoredFileKey): Promise<Serving | null> {
  switch (file.folder) {
    case "documents": {
      const contentType = DOCUMENT_TYPES[file.extension];
      if (!contentType) return null;
      const [row] = await db
        .select({
          isPublic: documents.isPublic,
          approval: documents.approval,
          managerId: acts.managerId,
          active: acts.active,
          internalUseOnly: acts.internalUseOnly,
        })
        .from(documents)
        .innerJoin(acts, eq(acts.id, documents.actId))
        .where(eq(documents.filePath, file.key))
        .limit(1);
      if (row && canDownloadDocument(viewer, actAccess(row), { is_public: row.isPublic, approval: row.approval })) {
        return {
          contentType,
          cacheControl: PRIVATE,
          disposition: INLINE_DOCUMENTS.has(file.extension) ? "inline" : "attachment",
        };
      }
      return ownUpload(db, viewer, file.key, contentType, "attachment");
    }
    case "images":
    case "avatars": {
      // Never SVG or any other type that can carry script: only raster images. A sized copy is
      // WebP, seen by whoever may see its original.
      const original = file.sizedFrom ?? file;
      if (!RASTER_TYPES[original.extension]) return null;
      const contentType = RASTER_TYPES[file.extension]!;
      const used =
        file.folder === "images"
          ? await db.select({ id: images.id }).from(images).where(eq(images.path, original.key)).limit(1)
          : await db.select({ id: acts.id }).from(acts).where(eq(acts.avatar, original.key)).limit(1);
      // A stored file's key is new for new content, so what is public never changes.
      if (used.length > 0) return { contentType, cacheControl: PUBLIC_IMMUTABLE, disposition: "inline" };
      return ownUpload(db, viewer, original.key, contentType, "inline");
    }
    case "videos": {
      const contentType = VIDEO_TYPES[file.extension];
      if (!contentType) return null;
      const used = await db.select({ id: videos.id }).from(videos).where(eq(videos.filePath, file.key)).limit(1);
      return used.length > 0 ? { contentType, cacheControl: PUBLIC, disposition: "inline" } : null;
    }
  }
}

/** An upload that nothing uses yet is its uploader's alone (admins may attach anyone's). */
async function ownUpload(
  db: Executor,
  viewer: SessionUser | null,
  key: string,
  contentType: string,
  disposition: Serving["disposition"],
): Promise<Serving | null> {
  if (!viewer) return null;
  const conditions = [eq(uploads.key, key)];
  if (viewer.role !== "ADMIN") conditions.push(eq(uploads.ownerId, viewer.id));
  const [row] = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(...conditions))
    .limit(1);
  return row ? { contentType, cacheControl: PRIVATE, disposition } : null;
}

/** GET /files/{folder}/{name}: stored files, each only to those who may see it. */
export function fileRoutes(storage: FileStorage) {
  return new Hono<AppEnv>()
    .use("*", async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(FILE_SECURITY_HEADERS)) c.res.headers.set(name, value);
    })
    .get("/*", async (c) => {
      // The path as sent, before any decoding: parseFileKey decodes each segment once.
      const encodedPath = new URL(c.req.url).pathname.replace(/^\/files\//, "");
      const file = parseFileKey(encodedPath);
      if (!file) return c.text("Not found", 404);
      const serving = await servingFor(c.get("db"), c.get("viewer"), file);
      const stored = serving
        ? ((await storage.open(file.key)) ??
          (file.sizedFrom ? await makeSizedCopy(storage, file.key, file.sizedFrom) : null))
        : null;
      if (!serving || !stored) return c.text("Not found", 404);
      return new Response(stored.body, {
        headers: {
          "content-type": serving.contentType,
          "content-length": String(stored.size),
          "cache-control": serving.cacheControl,
          "content-disposition": serving.disposition,
        },
      });
    });
}

/**
 * A sized copy that is missing (its image was stored before copies were made at upload, or by
 * the demo data) is made from the original on its first request and stored for the next.
 */
async function makeSizedCopy(
  storage: FileStorage,
  key: string,
  from: NonNullable<StoredFileKey["sizedFrom"]>,
): Promise<StoredFile | null> {
  const original = await storage.open(from.key);
  if (!original) return null;
  let copy: Uint8Array;
  try {
    copy = await sizedCopy(new Uint8Array(await new Response(original.body).arrayBuffer()), from.width);
  } catch {
    return null;
  }
  await storage.save(key, copy);
  return { size: copy.byteLength, body: new Response(copy as Uint8Array<ArrayBuffer>).body! };
}
