import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { canDownloadDocument } from "../domain/permissions";
import { fileExtension } from "../domain/media";
import type { AppEnv } from "./api/router";
import { acts, documents } from "./db/schema";
import { actAccess } from "./services/acts";
import { openFile } from "./storage";

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  tif: "image/tiff",
  tiff: "image/tiff",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  rtf: "application/rtf",
  txt: "text/plain; charset=utf-8",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

/** GET /files/{key}: stored files; a document that is not approved and public only for its managers. */
export function fileRoutes(dataDir: string) {
  return new Hono<AppEnv>().get("/*", async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.replace(/^\/files\//, ""));
    } catch {
      return c.notFound();
    }
    let cacheControl = "public, max-age=86400";
    let disposition = "inline";
    if (key.startsWith("documents/")) {
      const [row] = await c
        .get("db")
        .select({ isPublic: documents.isPublic, approval: documents.approval, managerId: acts.managerId, active: acts.active, internalUseOnly: acts.internalUseOnly })
        .from(documents)
        .innerJoin(acts, eq(acts.id, documents.actId))
        .where(eq(documents.filePath, key))
        .limit(1);
      if (!row || !canDownloadDocument(c.get("viewer"), actAccess(row), { is_public: row.isPublic, approval: row.approval })) {
        return c.notFound();
      }
      cacheControl = "private, no-store";
      // Documents (SVG among them) are downloaded, never rendered on our origin.
      disposition = "attachment";
    }
    const file = await openFile(dataDir, key);
    if (!file) return c.notFound();
    return new Response(Readable.toWeb(file.stream()) as ReadableStream, {
      headers: {
        "content-type": CONTENT_TYPES[fileExtension(key)] ?? "application/octet-stream",
        "content-length": String(file.size),
        "cache-control": cacheControl,
        "x-content-type-options": "nosniff",
        "content-disposition": disposition,
      },
    });
  });
}
