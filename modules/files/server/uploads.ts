import { and, eq, lt, notExists } from "drizzle-orm";
import type { Upload } from "#modules/accounts/answers";
import { ACCOUNT_LIMITS, LIMITS } from "#domain/limits";
import {
  type DetectedType,
  type UploadPurpose,
  UPLOAD_LIMITS,
  UPLOAD_PURPOSES,
  detectDocument,
  detectImage,
} from "../file-types";
import type { Database, Executor } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { documents, images, uploads } from "#modules/files/server/tables";
import { ApiError, forbidden, rateLimited, validationFailed } from "#server/errors";
import { accountActionsLeft, takeAccountAction } from "#modules/accounts/server";
import { cleanImage, sizedCopies } from "./image-cleaning";
import { IMAGE_WIDTHS, sizedKey } from "../image-sizes";
import { type FileStorage, newKey } from "#server/storage/file-storage";
import type { SessionUser } from "#domain/session-user";

const FOLDERS: Record<UploadPurpose, string> = { image: "images", avatar: "avatars", document: "documents" };

/** Stores an upload whose type is judged by its bytes; the name only tells office formats apart. */
export async function storeUpload(
  db: Database,
  storage: FileStorage,
  viewer: SessionUser,
  purpose: unknown,
  file: unknown,
): Promise<Upload> {
  if (viewer.role !== "ARTIST" && viewer.role !== "ADMIN") throw forbidden("Only artists and admins upload files");
  if (typeof purpose !== "string" || !(UPLOAD_PURPOSES as readonly string[]).includes(purpose)) {
    throw validationFailed({ purpose: ["Purpose must be image, document or avatar"] });
  }
  if (!(file instanceof File) || file.size === 0)
    throw validationFailed({ file: [purpose === "document" ? "Document is required" : "Image is required"] });
  const kind = purpose as UploadPurpose;
  if (file.size > UPLOAD_LIMITS[kind])
    throw new ApiError("payload_too_large", `The file is larger than ${UPLOAD_LIMITS[kind] / 1024 / 1024} MB`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type: DetectedType | null = kind === "document" ? detectDocument(bytes, file.name) : detectImage(bytes);
  if (!type) {
    throw new ApiError(
      "unsupported_media_type",
      kind === "document"
        ? "This file is not one of the document types we accept"
        : "Upload a JPEG, PNG, GIF, WebP or AVIF image",
    );
  }
  const { left, retryAfterSeconds } = await accountActionsLeft(db, "fileUploaded", viewer.id);
  if (left === 0) throw rateLimited(ACCOUNT_LIMITS.fileUploaded.message, retryAfterSeconds);
  const stored = kind === "document" ? bytes : await cleanImage(bytes, type);
  const key = newKey(FOLDERS[kind], type.extension);
  const files: [string, Uint8Array][] = [
    [key, stored],
    ...(kind === "document"
      ? []
      : (await sizedCopies(stored)).map(([width, copy]) => [sizedKey(key, width), copy] as [string, Uint8Array])),
  ];
  const originalName = file.name.replace(/[\u0000-\u001f]/g, "").slice(0, 255) || `file.${type.extension}`;
  try {
    for (const [path, content] of files) await storage.save(path, content);
    await db.transaction(async (tx) => {
      await takeAccountAction(tx, "fileUploaded", viewer.id);
      await tx
        .insert(uploads)
        .values({ key, ownerId: viewer.id, purpose: kind, mime: type.mime, size: stored.byteLength, originalName });
    });
  } catch (error) {
    await removeStoredFile(storage, key, kind);
    throw error;
  }
  return { path: key, mime: type.mime, name: originalName };
}

/** An upload of this purpose that the caller sent (admins may use anyone's), or a field error. */
export async function requireUpload(
  db: Executor,
  viewer: SessionUser,
  key: string,
  purpose: UploadPurpose,
  field: string,
  message: string,
) {
  const [upload] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.purpose, purpose)))
    .limit(1);
  if (!upload || (viewer.role !== "ADMIN" && upload.ownerId !== viewer.id))
    throw validationFailed({ [field]: [message] });
  return upload;
}

/**
 * Removes uploads that nothing uses (no image, avatar or document) once they are older than
 * LIMITS.unattachedUploadMs, rows and files; answers how many went.
 */
export async function removeStaleUploads(db: Executor, storage: FileStorage, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LIMITS.unattachedUploadMs);
  const stale = await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, cutoff),
        notExists(db.select({ id: images.id }).from(images).where(eq(images.path, uploads.key))),
        notExists(db.select({ id: acts.id }).from(acts).where(eq(acts.avatar, uploads.key))),
        notExists(db.select({ id: documents.id }).from(documents).where(eq(documents.filePath, uploads.key))),
      ),
    )
    .returning({ key: uploads.key, purpose: uploads.purpose });
  for (const { key, purpose } of stale) await removeStoredFile(storage, key, purpose);
  return stale.length;
}

/** Removes a stored upload and, for a photo or an avatar, its sized copies; a missing file is not an error. */
export async function removeStoredFile(storage: FileStorage, key: string, purpose: string): Promise<void> {
  const keys =
    purpose === "image" || purpose === "avatar" ? [key, ...IMAGE_WIDTHS.map((width) => sizedKey(key, width))] : [key];
  await Promise.all(keys.map((each) => storage.remove(each).catch(() => undefined)));
}
