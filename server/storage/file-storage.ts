import { randomUUID } from "node:crypto";
import type { DataStore } from "@tus/utils";

/** A stored file opened for reading. */
export interface StoredFile {
  size: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * Where uploaded files live, addressed by a key such as "images/<uuid>.png": the local disk
 * (one server, or a folder every server mounts) or an S3-compatible bucket. Callers never
 * know which one runs; the database holds only keys.
 */
export interface FileStorage {
  /** For the start-up log: "./data/uploads" or "s3://bucket". */
  readonly description: string;
  /** Fails, with a message that says what to fix, when files could not be stored. */
  check(): Promise<void>;
  save(key: string, bytes: Uint8Array): Promise<void>;
  /** The file, or null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The store the tus server keeps resumable uploads in, so one cut off resumes from its offset. */
  createTusStore(): DataStore;
  /** The first bytes of a finished resumable upload, to tell what it is. */
  readUploadStart(tusId: string, length: number): Promise<Uint8Array>;
  /** Makes a finished resumable upload the file at key; the upload stays until discardUpload. */
  keepUpload(tusId: string, key: string): Promise<void>;
  /** Forgets a resumable upload and its bookkeeping. */
  discardUpload(tusId: string): Promise<void>;
}

export function newKey(folder: string, extension: string): string {
  return `${folder}/${randomUUID()}.${extension}`;
}

/**
 * Keys are "<folder>/<name>" that we made; anything that could climb out of its folder or
 * smuggle a control character is refused before any backend sees it.
 */
export function isSafeKey(key: string): boolean {
  const segments = key.split("/");
  return (
    segments.length === 2 &&
    segments.every((segment) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment) && !segment.includes(".."))
  );
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** The public address of a stored file. */
export function fileUrl(key: string): string {
  return `/files/${key}`;
}
