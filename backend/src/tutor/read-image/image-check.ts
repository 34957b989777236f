import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** The image formats a phone or the site's downscaler sends; decided by the file's first bytes, never its name. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Why a picture cannot be read, with the HTTP status it answers and what the student reads. */
export class ImageRejectedError extends Error {
  readonly status: 400 | 413 | 415 | 422;

  constructor(status: ImageRejectedError['status'], message: string) {
    super(message);
    this.name = 'ImageRejectedError';
    this.status = status;
  }
}

/** Smallest side, in pixels, that can hold a line of text. */
const MIN_SIDE = 16;
/** Largest side accepted: more is not a photo of a page, and decoding it would cost memory. */
const MAX_SIDE = 12_000;
/** Grey-level spread (standard deviation, 0-255) below which the picture holds nothing to read. */
const MIN_CONTRAST = 6;

/**
 * Checks what the upload is before any reader sees it.
 *
 * @param bytes - the uploaded file, in memory
 * @returns its type, by its magic bytes
 * @throws {ImageRejectedError} 415 when it is not a PNG, JPEG or WebP picture, 422 when it is too small, too large
 *   or blank (one colour: nothing to read)
 */
export const checkImage = async (bytes: Uint8Array): Promise<ImageType> => {
  const detected = await fileTypeFromBuffer(bytes);
  const type = IMAGE_TYPES.find((known) => known === detected?.mime);
  if (type === undefined) {
    throw new ImageRejectedError(
      415,
      'This file is not a picture we can read. Please send a photo or screenshot as a JPEG, PNG or WebP image.',
    );
  }
  let width: number;
  let height: number;
  let spread = 0;
  try {
    // limitInputPixels keeps a small file that claims a huge size (a "decompression bomb") from being decoded.
    const image = sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE });
    const metadata = await image.metadata();
    width = metadata.width;
    height = metadata.height;
    if (width >= MIN_SIDE && height >= MIN_SIDE && width <= MAX_SIDE && height <= MAX_SIDE) {
      const stats = await image.clone().greyscale().stats();
      spread = stats.channels[0]?.stdev ?? 0;
    }
  } catch {
    throw new ImageRejectedError(422, 'This picture seems to be damaged. Please take the photo again.');
  }
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw new ImageRejectedError(
      422,
      'This picture is too small to read. Please send a photo where the exercise fills most of the picture.',
    );
  }
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new ImageRejectedError(
      422,
      'This picture is too large. Please send a photo of at most 12,000 pixels a side.',
    );
  }
  if (spread < MIN_CONTRAST) {
    throw new ImageRejectedError(
      422,
      'We could not see any writing in this picture. Please take a photo of the exercise in good light.',
    );
  }
  return type;
};
