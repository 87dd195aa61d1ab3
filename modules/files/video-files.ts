/** Video files by their first bytes: MP4 and QuickTime (ISO boxes), WebM/Matroska, Ogg. */
export function detectVideo(bytes: Uint8Array): { mime: string; extension: string } | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.slice(start, end));
  if (ascii(4, 8) === "ftyp")
    return ascii(8, 10) === "qt"
      ? { mime: "video/quicktime", extension: "mov" }
      : { mime: "video/mp4", extension: "mp4" };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return { mime: "video/webm", extension: "webm" };
  if (ascii(0, 4) === "OggS") return { mime: "video/ogg", extension: "ogv" };
  return null;
}
