import { open, rename, rm, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { and, count, desc, eq } from "drizzle-orm";
import type { CreatedResult, MessageResult, VideoUploaded } from "../../domain/resources/results";
import { LIMITS } from "../../domain/limits";
import { MESSAGES } from "../../domain/messages";
import type { VideoLinkInput } from "../../domain/schemas/media";
import { detectVideo } from "../../domain/video-files";
import type { Database, Executor } from "../db/client";
import { videoUploads, videos } from "../db/schema";
import { ApiError, conflict, notFound } from "../errors";
import { deleteFile, newKey, resolveKey } from "../storage";
import { lockActById, requireManagedAct } from "./managed-act";
import type { SessionUser } from "./viewer";

export function tusDirectory(dataDir: string): string {
  return join(dataDir, "tus");
}

async function assertRoom(tx: Executor, actId: number) {
  const [row] = await tx.select({ value: count() }).from(videos).where(eq(videos.actId, actId));
  if ((row?.value ?? 0) >= LIMITS.maxVideos) throw conflict(MESSAGES.maxVideosTooltip);
}

export async function addVideoLink(db: Database, viewer: SessionUser, actUrl: string, input: VideoLinkInput): Promise<CreatedResult> {
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
  return act;
}

export async function recordVideoUpload(db: Executor, entry: { tusId: string; uppyId: string; ownerId: string; actId: number }) {
  await db.insert(videoUploads).values(entry);
}

/** Only the one who started an upload may continue it. */
export async function ownsVideoUpload(db: Executor, viewer: SessionUser, tusId: string): Promise<boolean> {
  const [row] = await db.select({ ownerId: videoUploads.ownerId }).from(videoUploads).where(eq(videoUploads.tusId, tusId)).limit(1);
  return row?.ownerId === viewer.id;
}

async function firstBytes(path: string): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = new Uint8Array(64);
    const { bytesRead } = await handle.read(buffer, 0, 64, 0);
    return buffer.slice(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * After Uppy reports the upload done: checks the file is whole and is a video by its bytes,
 * moves it into storage and makes it one of the act's videos (six at most).
 */
export async function completeVideoUpload(
  db: Database,
  dataDir: string,
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
  const source = join(tusDirectory(dataDir), upload.tusId);
  const type = detectVideo(await firstBytes(source));
  if (!type) {
    await rm(source, { force: true });
    await rm(`${source}.json`, { force: true });
    throw new ApiError("unsupported_media_type", "This file is not a video");
  }
  const key = newKey("videos", type.extension);
  const target = resolveKey(dataDir, key)!;
  await mkdir(dirname(target), { recursive: true });
  try {
    return await db.transaction(async (tx) => {
      await lockActById(tx, upload.actId);
      await assertRoom(tx, upload.actId);
      await rename(source, target);
      const [video] = await tx.insert(videos).values({ actId: upload.actId, filePath: key }).returning({ id: videos.id });
      await tx.update(videoUploads).set({ completed: true }).where(eq(videoUploads.tusId, upload.tusId));
      await rm(`${source}.json`, { force: true });
      return { id: video!.id, path: key, message: "Video Uploaded" };
    });
  } catch (error) {
    // The row was not written: put the file back so nothing points at a missing file.
    await rename(target, source).catch(() => undefined);
    throw error;
  }
}

export async function deleteVideo(db: Database, dataDir: string, viewer: SessionUser, actUrl: string, videoId: number): Promise<MessageResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const [video] = await db.delete(videos).where(and(eq(videos.id, videoId), eq(videos.actId, act.id))).returning();
  if (!video) throw notFound("No such video");
  if (video.filePath) await deleteFile(dataDir, video.filePath).catch(() => undefined);
  return { message: "Video Deleted" };
}
