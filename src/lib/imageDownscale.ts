/*
 * A photo made ready to send, in the browser: turned in quarter turns, cropped, downscaled, encoded as JPEG. Our own
 * few lines on the canvas (no library does these three steps without also bringing an editor): the crop comes from
 * react-easy-crop, in pixels of the turned picture.
 */

/** The longest side of the picture sent: enough for the reader, well under the backend's 5 MB. */
export const MAX_PHOTO_SIDE = 2048;

/** The side of the preview shown in the crop dialog (its crop maps back onto the full picture). */
export const PREVIEW_SIDE = 1024;

/** A rectangle in pixels. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * @param width - the picture's width
 * @param height - the picture's height
 * @param maxSide - the longest side allowed
 * @returns the size that fits within maxSide on its long side, keeping the shape; never larger than it was, never
 *   under 1 px
 */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * @param degrees - any whole number of quarter turns, in degrees (-90, 270, 450…)
 * @returns the same turn between 0 and 270
 */
export function normalizeQuarterTurn(degrees: number): 0 | 90 | 180 | 270 {
  const turned = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return turned as 0 | 90 | 180 | 270;
}

/**
 * @param width - the picture's width before the turn
 * @param height - its height
 * @param rotation - a quarter turn in degrees
 * @returns its size once turned
 */
export function turnedSize(width: number, height: number, rotation: number): { width: number; height: number } {
  return normalizeQuarterTurn(rotation) % 180 === 0 ? { width, height } : { width: height, height: width };
}

/**
 * Maps a crop made on the preview onto the full picture (both turned the same way).
 * @param area - the crop in the preview's pixels
 * @param scale - the full picture's size over the preview's
 * @param bounds - the full turned picture's size: the crop never leaves it
 */
export function scaleArea(area: PixelArea, scale: number, bounds: { width: number; height: number }): PixelArea {
  const x = Math.min(Math.max(0, Math.round(area.x * scale)), bounds.width - 1);
  const y = Math.min(Math.max(0, Math.round(area.y * scale)), bounds.height - 1);
  return {
    x,
    y,
    width: Math.max(1, Math.min(Math.round(area.width * scale), bounds.width - x)),
    height: Math.max(1, Math.min(Math.round(area.height * scale), bounds.height - y)),
  };
}

/**
 * Draws the picture turned by `rotation`, keeps `area` of it, scaled to `size`.
 * @param image - the decoded picture
 * @param area - the part to keep, in the turned picture's pixels
 * @param rotation - a quarter turn in degrees
 * @param size - the canvas's size
 */
function draw(
  image: ImageBitmap,
  area: PixelArea,
  rotation: number,
  size: { width: number; height: number },
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('imageDownscale: no 2D canvas');
  const turned = turnedSize(image.width, image.height, rotation);
  // A white ground: JPEG has no transparency, and a transparent screenshot would otherwise turn black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.scale(size.width / area.width, size.height / area.height);
  context.translate(-area.x, -area.y);
  context.translate(turned.width / 2, turned.height / 2);
  context.rotate((normalizeQuarterTurn(rotation) * Math.PI) / 180);
  context.drawImage(image, -image.width / 2, -image.height / 2);
  return canvas;
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('imageDownscale: the picture could not be encoded'))),
      type,
      quality,
    );
  });
}

/**
 * Decodes a file the student chose, pasted or dropped, upright as the camera meant it (EXIF orientation).
 * @throws {Error} when the browser cannot decode it as a picture (a text file named .png, a damaged file)
 */
export function decodePhoto(file: Blob): Promise<ImageBitmap> {
  return createImageBitmap(file, { imageOrientation: 'from-image' });
}

/**
 * A small copy of the picture to show in the crop dialog, as a data: URL (the CSP's img-src allows data:, not blob:).
 * @returns the URL and the full picture's size over the preview's
 */
export function previewOf(image: ImageBitmap): { url: string; scale: number } {
  const size = fitWithin(image.width, image.height, PREVIEW_SIDE);
  const canvas = draw(image, { x: 0, y: 0, width: image.width, height: image.height }, 0, size);
  return { url: canvas.toDataURL('image/jpeg', 0.85), scale: image.width / size.width };
}

/**
 * The picture to send: turned, cropped, at most MAX_PHOTO_SIDE on its long side, as JPEG (every browser encodes
 * JPEG; Safari's canvas cannot encode WebP and would fall back to a far larger PNG).
 * @param image - the decoded picture
 * @param area - the part to keep, in the turned full picture's pixels
 * @param rotation - a quarter turn in degrees
 * @param maxBytes - the largest file the backend takes: past it, the picture is encoded again with less quality
 */
export async function photoToSend(
  image: ImageBitmap,
  area: PixelArea,
  rotation: number,
  maxBytes: number,
): Promise<Blob> {
  const canvas = draw(image, area, rotation, fitWithin(area.width, area.height, MAX_PHOTO_SIDE));
  let blob = await encode(canvas, 'image/jpeg', 0.9);
  for (const quality of [0.75, 0.6]) {
    if (blob.size <= maxBytes) break;
    blob = await encode(canvas, 'image/jpeg', quality);
  }
  return blob;
}
