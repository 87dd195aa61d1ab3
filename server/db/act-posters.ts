import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSync as openFont, type Font } from "fontkit";
import { Disc3, Flame, Guitar, Laugh, Mic, Music, Palette, Presentation, Sparkles, WandSparkles } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { initialsOf } from "#domain/formatters";
import { PROJECT_ROOT } from "../paths";

/**
 * The demo catalogue's pictures (issue 44): posters of each act, its kind's icon, its name and
 * its colours over stage lights, drawn as SVG and made JPEG by sharp at seed time, so that the
 * repository holds no binaries and no photo of a real person. The words are the Inter font's
 * glyph outlines (fontkit), so nothing depends on the fonts a machine has.
 */

export interface PosterAct {
  name: string;
  /** What the act is, for the icon: the catalogue's kind, or a variety act's type. */
  icon: PosterIcon;
  /** "Soul band · Evanston": the poster's second line. */
  subtitle: string;
  city: string;
  eventTypes: string[];
  /** The act's own colour, 0-360. */
  hue: number;
}

const ICONS = {
  band: Guitar,
  dj: Disc3,
  ensemble: Music,
  soloist: Mic,
  speaker: Presentation,
  Magician: WandSparkles,
  Comedian: Laugh,
  "Caricature Artist": Palette,
  Aerialist: Sparkles,
  "Fire Performer": Flame,
} as const;
export type PosterIcon = keyof typeof ICONS;

const FONTS = join(PROJECT_ROOT, "node_modules", "@fontsource", "inter", "files");
let fonts: { bold: Font; semibold: Font } | null = null;
function loadFonts() {
  fonts ??= {
    bold: openFont(join(FONTS, "inter-latin-800-normal.woff")),
    semibold: openFont(join(FONTS, "inter-latin-600-normal.woff")),
  };
  return fonts;
}

/** A line of text as one SVG path, centred on `x`, shrunk to fit `maxWidth`. */
function textPath(font: Font, text: string, size: number, x: number, baseline: number, maxWidth: number, fill: string) {
  const run = font.layout(text);
  const width = run.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  const scale = Math.min(size / font.unitsPerEm, maxWidth / Math.max(width, 1));
  let left = x - (width * scale) / 2;
  const outlines = run.glyphs.map((glyph, n) => {
    const position = run.positions[n]!;
    const outline = glyph.path
      .scale(scale, -scale)
      .translate(left + position.xOffset * scale, baseline)
      .toSVG();
    left += position.xAdvance * scale;
    return outline;
  });
  return `<path d="${outlines.join(" ")}" fill="${fill}"/>`;
}

function iconMarkup(icon: PosterIcon, size: number, x: number, y: number, opacity: number): string {
  return renderToStaticMarkup(createElement(ICONS[icon], { size, color: "white", strokeWidth: 1.4, opacity })).replace(
    "<svg",
    `<svg x="${x}" y="${y}"`,
  );
}

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(hue) % 360}, ${saturation}%, ${lightness}%)`;

/** The dark stage and its lights, in the act's colours: the same for the same act and variant. */
function stage(width: number, height: number, hue: number, random: () => number): string {
  const lights = Array.from({ length: 2 + Math.floor(random() * 3) }, (_, n) => {
    const r = (0.25 + random() * 0.3) * Math.max(width, height);
    return `<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height * 0.5)}" r="${Math.round(r)}" fill="url(#light${n % 2})"/>`;
  });
  return `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 12)}"/><stop offset="1" stop-color="${hsl(hue + 50, 65, 30)}"/></linearGradient>
<radialGradient id="light0"><stop offset="0" stop-color="${hsl(hue + 160, 90, 70)}" stop-opacity="0.75"/><stop offset="1" stop-color="${hsl(hue + 160, 90, 70)}" stop-opacity="0"/></radialGradient>
<radialGradient id="light1"><stop offset="0" stop-color="${hsl(45, 95, 72)}" stop-opacity="0.7"/><stop offset="1" stop-color="${hsl(45, 95, 72)}" stop-opacity="0"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.4" stop-color="black" stop-opacity="0"/><stop offset="1" stop-color="black" stop-opacity="0.6"/></linearGradient>
</defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${lights.join("")}<rect width="${width}" height="${height}" fill="url(#shade)"/>`;
}

/** Poster `variant` of an act, 480 by 320: its name with what it is, where it plays, or for what. */
function posterSvg(act: PosterAct, variant: number, random: () => number): string {
  const { bold, semibold } = loadFonts();
  const [title, line] = (
    [
      [act.name, act.subtitle],
      [`Live in ${act.city}`, act.name],
      [act.name, act.eventTypes.slice(0, 3).join(" · ")],
      [act.subtitle, act.name],
    ] as const
  )[variant % 4]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320">${stage(480, 320, act.hue + variant * 35, random)}
${iconMarkup(act.icon, 112, 184, 34, 0.45)}
${textPath(bold, title, 40, 240, 216, 432, "white")}
${textPath(semibold, line.toUpperCase(), 16, 240, 256, 400, "rgba(255,255,255,0.88)")}
</svg>`;
}

/** The act's avatar, 160 by 160: its initials over its kind's icon, in its colours. */
function avatarSvg(act: PosterAct, random: () => number): string {
  const { bold } = loadFonts();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">${stage(160, 160, act.hue, random)}
${iconMarkup(act.icon, 88, 36, 24, 0.22)}
${textPath(bold, initialsOf(act.name), 56, 80, 100, 130, "white")}
</svg>`;
}

/** Which picture of an act: its avatar, or its poster number `variant`; `seed` places its lights. */
export type Picture = { act: PosterAct; seed: number } & ({ avatar: true } | { variant: number });

/** Changes with the drawing, so that no machine keeps pictures of an older design. */
const DESIGN = 2;
const CACHE = join(tmpdir(), "eva-demo-posters");

/**
 * A picture as JPEG. Every seed of the catalogue draws the same pictures (tests seed it several
 * times a run), so each is kept in the machine's temporary folder under a hash of what it shows.
 */
export async function pictureJpeg(picture: Picture, random: (seed: number) => () => number): Promise<Buffer> {
  const name = createHash("sha256")
    .update(JSON.stringify({ DESIGN, ...picture }))
    .digest("hex")
    .slice(0, 32);
  const file = join(CACHE, `${name}.jpg`);
  try {
    return readFileSync(file);
  } catch {
    const svg =
      "avatar" in picture
        ? avatarSvg(picture.act, random(picture.seed))
        : posterSvg(picture.act, picture.variant, random(picture.seed));
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
    mkdirSync(CACHE, { recursive: true });
    // Written whole, then renamed: a second seed at the same moment never reads half a file.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, jpeg);
    renameSync(partial, file);
    return jpeg;
  }
}
