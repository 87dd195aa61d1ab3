import { type ImageWidth, parseSizedName } from "../image-sizes";
/** Folders of stored files; every key is "<folder>/<uuid>.<extension>" (server/storage.ts newKey). */
export const FILE_FOLDERS = ["images", "avatars", "documents", "videos"] as const;
export type FileFolder = (typeof FILE_FOLDERS)[number];

const KEY_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

export interface StoredFileKey {
  key: string;
  folder: FileFolder;
  extension: string;
  /** A sized WebP copy of a photo or avatar (image-sizes.ts): its original's key and extension. */
  sizedFrom?: { key: string; extension: string; width: ImageWidth };
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf(".") + 1);

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
  if (decoded.some((segment) => segment === null || /[/\\\0%]/.test(segment) || segment === "." || segment === ".."))
    return null;
  const [folder, name] = decoded as [string, string];
  if (!(FILE_FOLDERS as readonly string[]).includes(folder)) return null;
  const sized = folder === "images" || folder === "avatars" ? parseSizedName(name) : null;
  if (sized) {
    if (!KEY_NAME.test(sized.original)) return null;
    const original = `${folder}/${sized.original}`;
    return {
      key: `${folder}/${name}`,
      folder: folder as FileFolder,
      extension: "webp",
      sizedFrom: { key: original, extension: extensionOf(sized.original), width: sized.width },
    };
  }
  if (!KEY_NAME.test(name)) return null;
  return { key: `${folder}/${name}`, folder: folder as FileFolder, extension: extensionOf(name) };
}
