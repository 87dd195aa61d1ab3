import { createReadStream, existsSync } from "node:fs";
import { mkdir, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join, normalize, sep } from "node:path";
import { randomUUID } from "node:crypto";

/**
 * Stored files under DATA_DIR/uploads, addressed by a key such as "images/<uuid>.png".
 * S3-compatible object storage is the scale-out implementation of the same functions.
 */
export function uploadsRoot(dataDir: string): string {
  return join(dataDir, "uploads");
}

/** The absolute path of a key, or null when the key would escape the uploads folder. */
export function resolveKey(dataDir: string, key: string): string | null {
  const root = uploadsRoot(dataDir);
  const full = normalize(join(root, key));
  return full.startsWith(root + sep) ? full : null;
}

export function newKey(folder: string, extension: string): string {
  return `${folder}/${randomUUID()}.${extension}`;
}

export async function saveFile(dataDir: string, key: string, bytes: Uint8Array): Promise<void> {
  const full = resolveKey(dataDir, key);
  if (!full) throw new Error(`Invalid storage key: ${key}`);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, bytes);
}

export async function deleteFile(dataDir: string, key: string): Promise<void> {
  const full = resolveKey(dataDir, key);
  if (full && existsSync(full)) await unlink(full);
}

export async function openFile(dataDir: string, key: string) {
  const full = resolveKey(dataDir, key);
  if (!full) return null;
  try {
    const info = await stat(full);
    if (!info.isFile()) return null;
    return { size: info.size, stream: () => createReadStream(full) };
  } catch {
    return null;
  }
}

/** The public address of a stored file. */
export function fileUrl(key: string): string {
  return `/files/${key}`;
}
