import type { Env } from "../env";
import type { FileStorage } from "./file-storage";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";

/** The S3 bucket when S3_BUCKET is set, else DATA_DIR on this machine's disk. */
export function createFileStorage(env: Pick<Env, "dataDir" | "s3">): FileStorage {
  return env.s3 ? createS3Storage(env.s3) : createLocalStorage(env.dataDir);
}
