import { LIMITS } from "#domain/limits";

/** What an upload is, judged by its first bytes (and, for container formats, its name). */
export interface DetectedType {
  mime: string;
  extension: string;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((value, index) => bytes[offset + index] === value);
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.slice(start, end));

function nameExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

export function detectImage(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: "image/png", extension: "png" };
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")
    return { mime: "image/gif", extension: "gif" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return { mime: "image/webp", extension: "webp" };
  if (ascii(bytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 12)))
    return { mime: "image/avif", extension: "avif" };
  return null;
}

const OLE_EXTENSIONS: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};
const ZIP_EXTENSIONS: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The document types an act may upload. Office files are containers, so their name picks the kind. */
export function detectDocument(bytes: Uint8Array, name: string): DetectedType | null {
  const image = detectImage(bytes);
  if (image && image.extension !== "webp" && image.extension !== "avif") return image;
  const extension = nameExtension(name);
  if (ascii(bytes, 0, 5) === "%PDF-") return { mime: "application/pdf", extension: "pdf" };
  if (ascii(bytes, 0, 5) === "{\\rtf") return { mime: "application/rtf", extension: "rtf" };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return { mime: "image/tiff", extension: "tiff" };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && OLE_EXTENSIONS[extension])
    return { mime: OLE_EXTENSIONS[extension]!, extension };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && ZIP_EXTENSIONS[extension])
    return { mime: ZIP_EXTENSIONS[extension]!, extension };
  if (looksLikeText(bytes.slice(0, 4096))) {
    const head = new TextDecoder().decode(bytes.slice(0, 512)).trimStart();
    if (extension === "svg" && /^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(head))
      return { mime: "image/svg+xml", extension: "svg" };
    if (extension === "txt") return { mime: "text/plain", extension: "txt" };
  }
  return null;
}

export const UPLOAD_PURPOSES = ["image", "avatar", "document"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const UPLOAD_LIMITS: Record<UploadPurpose, number> = {
  image: LIMITS.imageUploadBytes,
  avatar: LIMITS.imageUploadBytes,
  document: LIMITS.documentUploadBytes,
};

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp,image/avif";
