/** Folders of stored files; every key is "<folder>/<uuid>.<extension>" (server/storage.ts newKey). */
export const FILE_FOLDERS = ["images", "avatars", "documents", "videos"] as const;
export type FileFolder = (typeof FILE_FOLDERS)[number];

const KEY_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

export interface StoredFileKey {
  key: string;
  folder: FileFolder;
  extension: string;
}

function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The key a /files request names, from the path as it was sent (still percent-encoded), or
 * null. Each segment is decoded once; a segment that then holds a separator, a dot segment,
 * NUL or another escape (double encoding) is refused, and the key must be exactly one of our
 * generated names in one of our folders, so nothing can climb from one folder into another.
 */
export function parseFileKey(encodedPath: string): StoredFileKey | null {
  const segments = encodedPath.split("/");
  if (segments.length !== 2) return null;
  const decoded = segments.map(decodeSegment);
  if (decoded.some((segment) => segment === null || /[/\\\0%]/.test(segment) || segment === "." || segment === "..")) return null;
  const [folder, name] = decoded as [string, string];
  if (!(FILE_FOLDERS as readonly string[]).includes(folder) || !KEY_NAME.test(name)) return null;
  return { key: `${folder}/${name}`, folder: folder as FileFolder, extension: name.slice(name.lastIndexOf(".") + 1) };
}
