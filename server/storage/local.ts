import { createReadStream, mkdirSync } from "node:fs";
import { access, constants, link, mkdir, open, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, sep } from "node:path";
import { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { type FileStorage, assertSafeKey, isSafeKey } from "./file-storage";

/**
 * Files under DATA_DIR/uploads and resumable uploads under DATA_DIR/tus: the default, for one
 * server (or several that mount one folder).
 */
export function createLocalStorage(dataDir: string): FileStorage {
  const root = join(dataDir, "uploads");
  const tusRoot = join(dataDir, "tus");

  /** The absolute path of a key, or null when the key would escape the uploads folder. */
  const pathOf = (key: string): string | null => {
    if (!isSafeKey(key)) return null;
    const full = normalize(join(root, key));
    return full.startsWith(root + sep) ? full : null;
  };
  const uploadPath = (tusId: string) => {
    if (!isSafeKey(`tus/${tusId}`)) throw new Error(`Invalid upload id: ${tusId}`);
    return join(tusRoot, tusId);
  };

  return {
    description: root,

    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },

    async save(key, bytes) {
      assertSafeKey(key);
      const full = pathOf(key)!;
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, bytes);
    },

    async open(key) {
      const full = pathOf(key);
      if (!full) return null;
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        return { size: info.size, body: Readable.toWeb(createReadStream(full)) as ReadableStream<Uint8Array> };
      } catch {
        return null;
      }
    },

    async remove(key) {
      const full = pathOf(key);
      if (full) await rm(full, { force: true });
    },

    createTusStore() {
      mkdirSync(tusRoot, { recursive: true });
      return new FileStore({ directory: tusRoot });
    },

    async readUploadStart(tusId, length) {
      const handle = await open(uploadPath(tusId), "r");
      try {
        const buffer = new Uint8Array(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.slice(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async keepUpload(tusId, key) {
      assertSafeKey(key);
      const target = pathOf(key)!;
      await mkdir(dirname(target), { recursive: true });
      // Both folders are under DATA_DIR: a second name for the same bytes, not a copy.
      await link(uploadPath(tusId), target);
    },

    async discardUpload(tusId) {
      const source = uploadPath(tusId);
      await rm(source, { force: true });
      await rm(`${source}.json`, { force: true });
    },
  };
}
