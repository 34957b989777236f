import { type ImageReading, ImageReadingSchema } from '@studyease/contract';
import { api, type ApiClient } from './client';
import { ApiError } from './errors';

export type { ImageReading } from '@studyease/contract';

/*
 * The photo reader's call, apart from src/lib/api/tutor.ts so that it loads with the photo dialog, on use, and
 * never with the app.
 */

/** What the student reads when a photo could not be read, one message per reason. */
export const PHOTO_MESSAGES = {
  tooBig: 'This photo is too big to send. Crop it closer to the exercise and try again.',
  notImage: 'This file is not a picture we can read. Choose a photo or a screenshot (JPEG, PNG or WebP).',
  nothingRead:
    'We could not read an exercise in this photo. Crop it to the exercise, take it straight on in good light, and try again, or type the exercise.',
  dailyLimit:
    'You have used all of today’s free questions, and reading a photo counts as one. Come back tomorrow, or type the exercise.',
  tooFast: 'Too many photos in a short time. Wait a minute, then try again.',
  network: 'Your photo could not be sent. Check your connection and try again.',
  failed: 'Something went wrong while reading your photo. Try again in a moment, or type the exercise.',
} as const;

/** Reads a photo, or says in plain words why it could not. */
export function createReadImageApi(client: ApiClient) {
  return {
    /**
     * POST /api/tutor/read-image: reads the exercise in a photo, for the student to check before asking.
     * @param image - the photo, already cropped and downscaled (src/lib/imageDownscale.ts)
     * @returns the reading, checked against the contract's ImageReadingSchema
     * @throws {ApiError} the backend's refusal (413, 415, 422, 429), or the client's UnknownError / InvalidResponse
     */
    readImage: (image: Blob, signal?: AbortSignal): Promise<ImageReading> => {
      const form = new FormData();
      // photoToSend always encodes JPEG, and the backend goes by the file's bytes, never its name.
      form.append('image', image, 'exercise.jpg');
      return client.request(
        '/tutor/read-image',
        { method: 'POST', body: form, ...(signal ? { signal } : {}) },
        ImageReadingSchema,
      );
    },
  };
}

export const readImageApi = createReadImageApi(api);

/**
 * @param error - what readImage threw
 * @returns the student's message for it: the backend's own for a picture it could not read (too small, blank,
 *   damaged: written for students, and more precise than ours), else ours for the status
 */
export function photoErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return PHOTO_MESSAGES.failed;
  switch (error.statusCode) {
    case 413:
      return PHOTO_MESSAGES.tooBig;
    case 415:
      return PHOTO_MESSAGES.notImage;
    case 422:
      return error.error === 'UnprocessableImageError' && error.message ? error.message : PHOTO_MESSAGES.nothingRead;
    case 429:
      // The daily budget's refusal links to the pricing page; the visitors' per-minute limit does not.
      return hasPricing(error.details) ? PHOTO_MESSAGES.dailyLimit : PHOTO_MESSAGES.tooFast;
    default:
      // UnknownError: no answer at all, or one without the backend's error data (a proxy's page): the way there.
      return error.error === 'UnknownError' ? PHOTO_MESSAGES.network : PHOTO_MESSAGES.failed;
  }
}

function hasPricing(details: unknown): boolean {
  return typeof details === 'object' && details !== null && 'pricing' in details;
}
