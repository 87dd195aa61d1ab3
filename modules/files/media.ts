/** Video links, document type labels and download names. */

export type VideoProvider = "youtube" | "vimeo";
export interface ParsedVideoLink {
  provider: VideoProvider;
  id: string;
}

/** The spec strips every whitespace character from a pasted link, not just the ends. */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, "");
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d+$/;

function toUrl(link: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(link) ? link : `https://${link}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

function parseYouTube(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, "");
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = segments[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (["embed", "shorts", "live", "v"].includes(segments[0] ?? "")) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function parseVimeo(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (host === "vimeo.com") id = segments.find((segment) => VIMEO_ID.test(segment));
  else if (host === "player.vimeo.com" && segments[0] === "video") id = segments[1];
  return id && VIMEO_ID.test(id) ? id : null;
}

/** A playable YouTube or Vimeo link, or null for anything else. */
export function parseVideoLink(raw: string): ParsedVideoLink | null {
  const url = toUrl(stripWhitespace(raw));
  if (!url) return null;
  const youtube = parseYouTube(url);
  if (youtube) return { provider: "youtube", id: youtube };
  const vimeo = parseVimeo(url);
  if (vimeo) return { provider: "vimeo", id: vimeo };
  return null;
}

/** The spec's host check: an empty link passes it; anything else must be playable. */
export function passesVideoHostCheck(raw: string): boolean {
  const link = stripWhitespace(raw);
  return link === "" || parseVideoLink(link) !== null;
}

export function videoEmbedUrl(video: ParsedVideoLink): string {
  return video.provider === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1`
    : `https://player.vimeo.com/video/${video.id}?autoplay=1`;
}

const DOCUMENT_LABELS: Record<string, string> = {
  pdf: "PDF Document",
  doc: "Word Document",
  docx: "Word Document",
  jpg: "JPEG Image",
  jpeg: "JPEG Image",
  png: "PNG Image",
  gif: "GIF Image",
  svg: "SVG Image",
  tif: "TIFF Image",
  tiff: "TIFF Image",
  txt: "Text Document",
  xls: "Excel Spreadsheet",
  xlsx: "Excel Spreadsheet",
  ppt: "PowerPoint Presentation",
  pptx: "PowerPoint Presentation",
  rtf: "Rich Text Document",
};
export const UNKNOWN_FILE_TYPE = "Unknown File Type";
export const DOCUMENT_EXTENSIONS = Object.keys(DOCUMENT_LABELS);

/** The extension of a path or URL, lower case, without query or fragment. */
export function fileExtension(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? "";
  const name = clean.split(/[/\\]/).pop() ?? "";
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

export function documentTypeLabel(path: string): string {
  return DOCUMENT_LABELS[fileExtension(path)] ?? UNKNOWN_FILE_TYPE;
}

const UNSAFE_FILENAME_CHARS = /[/\\:*?"<>|]/g;

/**
 * The saved name of a downloaded file: the two given parts joined, the characters
 * / \ : * ? " < > | and whitespace turned to underscores, the original extension kept.
 */
export function downloadFileName(first: string, second: string, originalPath: string): string {
  const base = [first, second]
    .filter((part) => part.length > 0)
    .join("_")
    .replace(UNSAFE_FILENAME_CHARS, "_")
    .replace(/\s/g, "_");
  const extension = fileExtension(originalPath);
  return extension ? `${base}.${extension}` : base;
}
