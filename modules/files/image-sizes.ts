/**
 * Photos and avatars are stored as uploaded (cleaned, server/image-cleaning.ts) and,
 * beside them, as WebP copies of these widths, made at upload: a page asks for the copy that
 * fits its slot (srcset), not a full-size PNG in a 96-pixel box.
 */
export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Only the canonical spellings: "0320w" or "320W" would be a new file for every spelling asked. */
const SIZED_SUFFIX = /^(.+)\.(160|320|640|1280)w\.webp$/;

/** The key of an image's copy `width` pixels wide: "avatars/<uuid>.png" has "avatars/<uuid>.png.320w.webp". */
export function sizedKey(key: string, width: ImageWidth): string {
  return `${key}.${width}w.webp`;
}

/** The original's name and the width of a sized copy's file name, or null when it names none. */
export function parseSizedName(name: string): { original: string; width: ImageWidth } | null {
  const match = SIZED_SUFFIX.exec(name);
  const width = Number(match?.[2]);
  if (!match || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  return { original: match[1]!, width: width as ImageWidth };
}

/** The smallest copy at least `pixels` wide (the largest when none is). */
export function widthFor(pixels: number): ImageWidth {
  return IMAGE_WIDTHS.find((width) => width >= pixels) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}
