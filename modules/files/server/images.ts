import { and, count, eq } from "drizzle-orm";
import type { CreatedResult, MessageResult } from "#domain/resources/results";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import type { ImageInput } from "../schemas";
import type { Database } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { images } from "#modules/files/server/tables";
import { conflict, notFound } from "#server/errors";
import type { FileStorage } from "#server/storage/file-storage";
import { lockActById, requireManagedAct } from "#modules/acts/server";
import { removeStoredFile, requireUpload } from "./uploads";
import type { SessionUser } from "#domain/session-user";

/** Adds an uploaded image; the act row lock makes the count of six hold when requests race. */
export async function createImage(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: ImageInput,
): Promise<CreatedResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  await requireUpload(db, viewer, input.path, "image", "path", MESSAGES.imageRequired);
  try {
    return await db.transaction(async (tx) => {
      await lockActById(tx, act.id);
      const [row] = await tx.select({ value: count() }).from(images).where(eq(images.actId, act.id));
      if ((row?.value ?? 0) >= LIMITS.maxImages) throw conflict(MESSAGES.maxImagesTooltip);
      const [image] = await tx.insert(images).values({ actId: act.id, path: input.path }).returning({ id: images.id });
      return { id: image!.id, message: "Image added" };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("This image is already on an act");
    throw error;
  }
}

export async function deleteImage(
  db: Database,
  storage: FileStorage,
  viewer: SessionUser,
  actUrl: string,
  imageId: number,
): Promise<MessageResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const [image] = await db
    .delete(images)
    .where(and(eq(images.id, imageId), eq(images.actId, act.id)))
    .returning();
  if (!image) throw notFound("No such image");
  // The row is gone, so the file is no longer reachable; removing it is housekeeping.
  await removeStoredFile(storage, image.path, "image");
  return { message: MESSAGES.imageDeleted };
}
