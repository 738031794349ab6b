import sharp, { type SharpOptions } from "sharp";

/** The largest upload accepted, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The most pixels an input may have (40 megapixels): checked from the header, before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The stored image fits within this square, never enlarged. */
export const FULL_SIZE = 1600;
/** The thumbnail (match cards, lists) is cropped to this square. */
export const THUMB_SIZE = 400;
/** What every stored file is. */
export const PHOTO_CONTENT_TYPE = "image/webp";
/** No single image may hold a worker longer than this. */
const TIMEOUT_SECONDS = 20;

/** sharp's decoder names of the formats members may upload: jpeg, png, webp, heif (also AVIF), gif. */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp", "heif", "gif"]);

export type ImageError = "not_image" | "too_large" | "too_many_pixels" | "unreadable";

export type ProcessedImage = { ok: true; full: Buffer; thumb: Buffer; width: number; height: number } | { ok: false; error: ImageError };

const DECODE: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Rotate by the EXIF orientation before anything else; the tag itself is gone with the rest.
  autoOrient: true,
  // Broken or truncated images are refused; harmless decoder warnings (common in phone JPEGs) are not.
  failOn: "error",
  // The first frame of an animated GIF or WebP.
  pages: 1,
};

/**
 * Turns an uploaded file into the two files we store: the full image (within FULL_SIZE) and a
 * THUMB_SIZE square thumbnail cropped around what draws the eye. The type is judged from the bytes,
 * never from a file name or the browser's MIME type. Both outputs are re-encoded WebP in sRGB with
 * no metadata at all (EXIF and its GPS position, XMP, IPTC, ICC profiles), since sharp writes none
 * unless asked to.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, error: "too_large" };

  // The header only: the pixel limit is checked here, before a single pixel is decoded.
  let format: string;
  let pixels: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = metadata.width * (metadata.pageHeight ?? metadata.height);
  } catch {
    return { ok: false, error: "not_image" };
  }
  if (!ACCEPTED_FORMATS.has(format)) return { ok: false, error: "not_image" };
  if (!(pixels > 0)) return { ok: false, error: "unreadable" };
  if (pixels > MAX_INPUT_PIXELS) return { ok: false, error: "too_many_pixels" };

  try {
    // Two pipelines in parallel: each lets the JPEG decoder shrink while loading, which is faster
    // than decoding once at full size and resizing twice.
    const [full, thumb] = await Promise.all([
      sharp(bytes, DECODE)
        .timeout({ seconds: TIMEOUT_SECONDS })
        .resize(FULL_SIZE, FULL_SIZE, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      sharp(bytes, DECODE)
        .timeout({ seconds: TIMEOUT_SECONDS })
        .resize(THUMB_SIZE, THUMB_SIZE, { fit: "cover", position: "attention" })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
    return { ok: true, full: full.data, thumb, width: full.info.width, height: full.info.height };
  } catch (error) {
    // The header may understate what the decoder meets (several frames, a lying header).
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, error: "too_many_pixels" };
    return { ok: false, error: "unreadable" };
  }
}
