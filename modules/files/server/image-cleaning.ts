import type { DetectedType } from "../file-types";
import { MAX_IMAGE_PIXELS } from "#domain/limits";
import { IMAGE_WIDTHS, type ImageWidth } from "../image-sizes";
import { ApiError, validationFailed } from "#server/errors";

export const IMAGE_TOO_LARGE = `The image is larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;

/**
 * A photo or avatar as we store and serve it: decoded and encoded again in its own format, so
 * that nothing but its pixels survives (EXIF with GPS and camera, XMP, comments, whatever follows
 * the image data), with its EXIF orientation applied to the pixels. An image that declares more
 * than 50 megapixels (every frame of an animation counted) is refused from its header, before
 * anything is decoded.
 */
export async function cleanImage(bytes: Uint8Array, type: DetectedType): Promise<Uint8Array> {
  // Loaded on the first upload: most processes (and test files) never decode an image.
  const { default: sharp } = await import("sharp");
  let width: number | undefined;
  let height: number | undefined;
  let pages: number | undefined;
  try {
    ({ width, height, pages } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new ApiError("unsupported_media_type", "This image could not be read");
  }
  if (!width || !height) throw new ApiError("unsupported_media_type", "This image could not be read");
  // An animation is decoded frame by frame: a thousand small frames are as much work as one huge image.
  if (width * height * Math.max(1, pages ?? 1) > MAX_IMAGE_PIXELS) throw validationFailed({ file: [IMAGE_TOO_LARGE] });
  const animated = type.extension === "gif" || type.extension === "webp";
  const image = sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  try {
    switch (type.extension) {
      case "jpg":
        return await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
      case "png":
        return await image.png({ compressionLevel: 9 }).toBuffer();
      case "gif":
        return await image.gif().toBuffer();
      case "webp":
        return await image.webp({ quality: 88 }).toBuffer();
      default:
        return await image.avif({ quality: 60 }).toBuffer();
    }
  } catch {
    // Truncated or corrupt past the header: nothing we could show.
    throw new ApiError("unsupported_media_type", "This image could not be read");
  }
}

/**
 * The WebP copy of a cleaned image `width` pixels wide (never wider than the image itself), for
 * pages that show it small; an animation stays animated.
 */
export async function sizedCopy(cleaned: Uint8Array, width: ImageWidth): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  return sharp(cleaned, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Every sized copy of a cleaned image, by width. */
export async function sizedCopies(cleaned: Uint8Array): Promise<[ImageWidth, Uint8Array][]> {
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => [width, await sizedCopy(cleaned, width)] as [ImageWidth, Uint8Array]),
  );
}
