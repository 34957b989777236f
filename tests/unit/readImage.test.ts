import { describe, expect, test, vi } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { createReadImageApi, PHOTO_MESSAGES, photoErrorMessage } from '@/lib/api/readImage';

function setup(response: () => Promise<Response>) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) => response());
  const client = createApiClient({
    baseUrl: 'http://backend.test',
    prefix: '/api',
    getToken: () => 'tok',
    fetch: fetch as unknown as typeof globalThis.fetch,
    onError: () => undefined,
  });
  return { readImage: createReadImageApi(client).readImage, fetch };
}

const json = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

const refusal = (status: number, name: string, message: string, details?: unknown) =>
  json(status, { data: null, error: { status, name, message, ...(details ? { details } : {}) } });

describe('readImage', () => {
  test('sends the photo as multipart/form-data in the field `image`, and hands on the checked reading', async () => {
    const { readImage, fetch } = setup(json(200, { text: '2x + 3 = 11', latex: '2x + 3 = 11', confidence: 0.9 }));
    await expect(readImage(photo)).resolves.toEqual({ text: '2x + 3 = 11', latex: '2x + 3 = 11', confidence: 0.9 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://backend.test/api/tutor/read-image');
    expect(init?.method).toBe('POST');
    // fetch sets the multipart type with its boundary itself: no JSON content type may stand in its way.
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect((init?.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    const image = (body as FormData).get('image');
    expect(image).toBeInstanceOf(Blob);
    expect((image as File).name).toBe('exercise.jpg');
  });

  test("refuses an answer that is not ImageReadingSchema's shape", async () => {
    const { readImage } = setup(json(200, { text: '2x', confidence: 7 }));
    await expect(readImage(photo)).rejects.toMatchObject({ error: 'InvalidResponse' });
  });
});

describe('photoErrorMessage', () => {
  const errorOf = async (response: () => Promise<Response>) =>
    setup(response)
      .readImage(photo)
      .catch((caught: unknown) => caught);

  test('says in plain words why the photo could not be read', async () => {
    expect(photoErrorMessage(await errorOf(refusal(413, 'PayloadTooLargeError', 'x')))).toBe(PHOTO_MESSAGES.tooBig);
    expect(photoErrorMessage(await errorOf(refusal(415, 'UnsupportedMediaTypeError', 'x')))).toBe(
      PHOTO_MESSAGES.notImage,
    );
    const daily = refusal(429, 'RateLimitError', 'Daily limit', { pricing: '/pricing' });
    expect(photoErrorMessage(await errorOf(daily))).toBe(PHOTO_MESSAGES.dailyLimit);
    expect(photoErrorMessage(await errorOf(refusal(429, 'RateLimitError', 'Too many')))).toBe(PHOTO_MESSAGES.tooFast);
    expect(photoErrorMessage(await errorOf(() => Promise.reject(new TypeError('Failed to fetch'))))).toBe(
      PHOTO_MESSAGES.network,
    );
    expect(photoErrorMessage(await errorOf(refusal(500, 'InternalServerError', 'boom')))).toBe(PHOTO_MESSAGES.failed);
    expect(photoErrorMessage(new Error('canvas'))).toBe(PHOTO_MESSAGES.failed);
  });

  test("passes on the backend's own words for a picture it could not read", async () => {
    const blank = 'We could not see any writing in this picture. Please take a photo of the exercise in good light.';
    expect(photoErrorMessage(await errorOf(refusal(422, 'UnprocessableImageError', blank)))).toBe(blank);
    expect(photoErrorMessage(new ApiError({ error: 'ValidationError', message: '', statusCode: 422 }))).toBe(
      PHOTO_MESSAGES.nothingRead,
    );
  });
});
