import { MESSAGES } from "#domain/messages";
import { downloadFileName } from "./media";
import { IMAGE_WIDTHS, sizedKey, widthFor } from "./image-sizes";

/** The address the server serves a stored file from (modules/files/server/file-routes.ts). */
export function fileUrl(key: string): string {
  return `/files/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * An <img>'s sources for a stored photo or avatar shown `slotWidth` CSS pixels wide: the WebP
 * copies made at upload, of which the browser picks the one its screen's density needs; `src`
 * (twice the slot) serves one that does not read srcset.
 */
export function sizedImage(
  key: string,
  slotWidth: number,
  sizes = `${slotWidth}px`,
): { src: string; srcSet: string; sizes: string } {
  return {
    src: fileUrl(sizedKey(key, widthFor(slotWidth * 2))),
    srcSet: IMAGE_WIDTHS.map((width) => `${fileUrl(sizedKey(key, width))} ${width}w`).join(", "),
    sizes,
  };
}

/**
 * Fetches a file with the visitor's credentials and saves it under the spec's file name.
 * A failure is only logged: the spec shows nothing to the user.
 */
export async function downloadFile(url: string, first: string, second: string, originalPath: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: "include" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = href;
    link.download = downloadFileName(first, second, originalPath);
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(href);
  } catch (error) {
    console.error(MESSAGES.downloadFailed, error);
  }
}
