// The fonts the booking's paper is drawn in: Noto families from npm (@fontsource), which between
// them cover what people type (Latin, Cyrillic, Greek, Devanagari, Hebrew, Arabic, Chinese, Japanese, Korean, emoji).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Font, openSync as openFont } from "fontkit";
import { PROJECT_ROOT } from "#server/paths";

const FONTSOURCE = join(PROJECT_ROOT, "node_modules", "@fontsource");

/** In the order a character looks for its font: the first whose ranges hold it draws it. */
const FAMILIES = [
  "noto-sans",
  "noto-sans-hebrew",
  "noto-sans-arabic",
  "noto-sans-sc",
  "noto-sans-kr",
  "noto-emoji",
] as const;

interface Face {
  /** The WOFF file of one of a family's subsets. */
  file: string;
  ranges: [first: number, last: number][];
}

/** A family's subsets at one weight, read from its CSS's unicode-range lines (fontsource writes one @font-face per subset). */
function facesOf(family: string, weight: 400 | 700): Face[] {
  let css: string;
  try {
    css = readFileSync(join(FONTSOURCE, family, `${weight}.css`), "utf8");
  } catch {
    return [];
  }
  const faces: Face[] = [];
  for (const block of css.split("@font-face").slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff)\)/.exec(block)?.[1];
    const ranges = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !ranges) continue;
    faces.push({
      file: join(FONTSOURCE, family, "files", file),
      ranges: ranges.split(",").map((range) => {
        const [first, last = first] = range.trim().replace(/^U\+/i, "").split("-");
        return [Number.parseInt(first!, 16), Number.parseInt(last!, 16)];
      }),
    });
  }
  return faces;
}

let regular: Face[] | undefined;
let bold: Face[] | undefined;
const opened = new Map<string, Font>();

/**
 * The font file that draws a code point, bold where Noto Sans has it (other scripts' bold falls
 * back to their regular), or null when none does.
 */
export function fontFileFor(codePoint: number, weight: "regular" | "bold"): string | null {
  const key = weight === "bold" ? -codePoint - 1 : codePoint;
  const known = chosen.get(key);
  if (known !== undefined) return known;
  regular ??= FAMILIES.flatMap((family) => facesOf(family, 400));
  bold ??= [...facesOf("noto-sans", 700), ...regular];
  let file: string | null = null;
  // A subset's range is a promise its file may not keep (Noto Sans SC names some Hangul it has no glyph for).
  search: for (const face of weight === "bold" ? bold : regular)
    for (const [first, last] of face.ranges)
      if (codePoint >= first && codePoint <= last && openedFont(face.file).hasGlyphForCodePoint(codePoint)) {
        file = face.file;
        break search;
      }
  chosen.set(key, file);
  return file;
}
/** Each code point's font, once found (bold ones under their negative). */
const chosen = new Map<number, string | null>();

/** A font file parsed once per thread (unpacking a WOFF is most of a small document's time). */
export function openedFont(file: string): Font {
  let font = opened.get(file);
  if (!font) {
    font = openFont(file) as Font;
    opened.set(file, font);
  }
  return font;
}
