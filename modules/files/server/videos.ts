import { and, count, desc, eq, gt, lte } from "drizzle-orm";
import type { CreatedResult, MessageResult, VideoUploaded } from "#domain/resources/results";
import { LIMITS, OPEN_VIDEO_UPLOADS_PER_ACT, UNFINISHED_UPLOAD_MS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import type { VideoLinkInput } from "../schemas";
import { detectVideo } from "../video-files";
import type { Database, Executor } from "#server/db/client";
import { videoUploads, videos } from "#modules/files/server/tables";
import { ApiError, conflict, notFound } from "#server/errors";
import { type FileStorage, newKey } from "#server/storage/file-storage";
import { takeAccountAction } from "#modules/accounts/server";
import { lockActById, requireManagedAct } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";

async function assertRoom(tx: Executor, actId: number) {
  const [row] = await tx.select({ value: count() }).from(videos).where(eq(videos.actId, actId));
  if ((row?.value ?? 0) >= LIMITS.maxVideos) throw conflict(MESSAGES.maxVideosTooltip);
}

export async function addVideoLink(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: VideoLinkInput,
): Promise<CreatedResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  return db.transaction(async (tx) => {
    await lockActById(tx, act.id);
    await assertRoom(tx, act.id);
    const [video] = await tx.insert(videos).values({ actId: act.id, link: input.link }).returning({ id: videos.id });
    return { id: video!.id, message: "Video Uploaded" };
  });
}

/** Before a tus upload starts: the caller manages the act and it has room for another video. */
export async function authorizeVideoUpload(db: Executor, viewer: SessionUser, actUrl: string, userUrl: string) {
  if (viewer.url !== userUrl) throw notFound("No such upload address");
  const act = await requireManagedAct(db, viewer, actUrl);
  await assertRoom(db, act.id);
  await assertUploadSlot(db, act.id);
  return act;
}

/** The act's resumable uploads that are not finished and still alive (a byte within the last day). */
async function openUploads(db: Executor, actId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(videoUploads)
    .where(
      and(
        eq(videoUploads.actId, actId),
        eq(videoUploads.completed, false),
        gt(videoUploads.lastByteAt, new Date(now.getTime() - UNFINISHED_UPLOAD_MS)),
      ),
    );
  return row?.value ?? 0;
}

export const TOO_MANY_OPEN_UPLOADS = `This act already has ${OPEN_VIDEO_UPLOADS_PER_ACT} unfinished uploads: finish one, or try again once one has waited a day without a byte`;

/** Before a new resumable upload: the act has fewer than two unfinished ones. */
export async function assertUploadSlot(db: Executor, actId: number): Promise<void> {
  if ((await openUploads(db, actId)) >= OPEN_VIDEO_UPLOADS_PER_ACT) throw conflict(TOO_MANY_OPEN_UPLOADS);
}

/** Records a new resumable upload, checking the act's open uploads again under its lock (two may race). */
export async function recordVideoUpload(
  db: Database,
  entry: { tusId: string; uppyId: string; ownerId: string; actId: number },
) {
  await db.transaction(async (tx) => {
    await lockActById(tx, entry.actId);
    await assertUploadSlot(tx, entry.actId);
    await takeAccountAction(tx, "fileUploaded", entry.ownerId);
    await tx.insert(videoUploads).values(entry);
  });
}

/** Bytes arrived for an upload: it stays alive for another day. */
export async function touchVideoUpload(db: Executor, tusId: string, now = new Date()): Promise<void> {
  await db.update(videoUploads).set({ lastByteAt: now }).where(eq(videoUploads.tusId, tusId));
}

/** Removes unfinished uploads a day after their last byte, their bytes with them; answers how many went. */
export async function removeStaleVideoUploads(db: Executor, storage: FileStorage, now = new Date()): Promise<number> {
  const stale = await db
    .delete(videoUploads)
    .where(
      and(
        eq(videoUploads.completed, false),
        lte(videoUploads.lastByteAt, new Date(now.getTime() - UNFINISHED_UPLOAD_MS)),
      ),
    )
    .returning({ tusId: videoUploads.tusId });
  for (const { tusId } of stale) await storage.discardUpload(tusId).catch(() => undefined);
  return stale.length;
}

/** Only the one who started an upload may continue it. */
export async function ownsVideoUpload(db: Executor, viewer: SessionUser, tusId: string): Promise<boolean> {
  const [row] = await db
    .select({ ownerId: videoUploads.ownerId })
    .from(videoUploads)
    .where(eq(videoUploads.tusId, tusId))
    .limit(1);
  return row?.ownerId === viewer.id;
}

/**
 * After Uppy reports the upload done: checks the file is whole and is a video by its bytes,
 * keeps it under a key of our own and makes it one of the act's videos (six at most).
 */
export async function completeVideoUpload(
  db: Database,
  storage: FileStorage,
  viewer: SessionUser,
  uppyId: string,
  uploadState: (tusId: string) => Promise<{ size?: number; offset: number } | null>,
): Promise<VideoUploaded> {
  const [upload] = await db
    .select()
    .from(videoUploads)
    .where(and(eq(videoUploads.ownerId, viewer.id), eq(videoUploads.uppyId, uppyId), eq(videoUploads.completed, false)))
    .orderBy(desc(videoUploads.createdAt))
    .limit(1);
  if (!upload) throw notFound("No such upload");
  const state = await uploadState(upload.tusId);
  if (!state || state.size === undefined || state.offset !== state.size) throw conflict("The upload has not finished");
  const type = detectVideo(await storage.readUploadStart(upload.tusId, 64));
  if (!type) {
    await storage.discardUpload(upload.tusId);
    await db.delete(videoUploads).where(eq(videoUploads.tusId, upload.tusId));
    throw new ApiError("unsupported_media_type", "This file is not a video");
  }
  const key = newKey("videos", type.extension);
  await storage.keepUpload(upload.tusId, key);
  let video: VideoUploaded;
  try {
    video = await db.transaction(async (tx) => {
      await lockActById(tx, upload.actId);
      await assertRoom(tx, upload.actId);
      const [row] = await tx.insert(videos).values({ actId: upload.actId, filePath: key }).returning({ id: videos.id });
      await tx.update(videoUploads).set({ completed: true }).where(eq(videoUploads.tusId, upload.tusId));
      return { id: row!.id, path: key, message: "Video Uploaded" };
    });
  } catch (error) {
    // Not committed: nothing points at the new file, and the upload stays whole for another try.
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
  // Committed: the upload's own copy is no longer needed.
  await storage.discardUpload(upload.tusId).catch(() => undefined);
  return video;
}

export async function deleteVideo(
  db: Database,
  storage: FileStorage,
  viewer: SessionUser,
  actUrl: string,
  videoId: number,
): Promise<MessageResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const [video] = await db
    .delete(videos)
    .where(and(eq(videos.id, videoId), eq(videos.actId, act.id)))
    .returning();
  if (!video) throw notFound("No such video");
  if (video.filePath) await storage.remove(video.filePath).catch(() => undefined);
  return { message: "Video Deleted" };
}
