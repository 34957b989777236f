import { CheckResultSchema, DoneSchema } from '@studyease/contract';
import { describe, expect, test, vi } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';

function setup(response: () => Promise<Response>, token: string | null = null) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) => response());
  const onError = vi.fn();
  const client = createApiClient({
    baseUrl: 'http://backend.test/',
    prefix: '/api',
    getToken: () => token,
    fetch: fetch as unknown as typeof globalThis.fetch,
    onError,
  });
  return { client, fetch, onError };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('createApiClient', () => {
  test('builds the URL from base, prefix and a bracketed query, and sends the bearer token', async () => {
    const { client, fetch } = setup(() => json(200, { ok: true }), 'tok');
    await client.request('/users/me', { query: { populate: ['role'], filters: { id: { $eq: 1 } } } }, DoneSchema);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(decodeURIComponent(url ?? '')).toBe('http://backend.test/api/users/me?populate[0]=role&filters[id][$eq]=1');
    expect((init?.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
  });

  test('sends no authorization header without a token, or for anonymous calls', async () => {
    const { client, fetch } = setup(() => json(200, {}), 'tok');
    await client.request('/auth/local', { method: 'POST', body: { identifier: 'a' }, anonymous: true }, DoneSchema);
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.headers).not.toHaveProperty('Authorization');
    expect(init?.body).toBe('{"identifier":"a"}');
    expect(init?.method).toBe('POST');
  });

  test("throws the backend's error data and reports it once", async () => {
    const { client, onError, fetch } = setup(() =>
      json(400, {
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password' },
      }),
    );
    const error = await client.request('/auth/local', {}, DoneSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      error: 'ValidationError',
      message: 'Invalid identifier or password',
      statusCode: 400,
    });
    expect(onError).toHaveBeenCalledOnce();
    // No retries.
    expect(fetch).toHaveBeenCalledOnce();
  });

  test('throws UnknownError with status 500 when the answer carries no error data', async () => {
    const { client } = setup(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(client.request('/x', {}, DoneSchema)).rejects.toMatchObject({
      error: 'UnknownError',
      statusCode: 500,
      message: 'Request failed with status 502',
    });
  });

  test('throws UnknownError when the backend cannot be reached', async () => {
    const { client, onError } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.request('/x', {}, DoneSchema)).rejects.toMatchObject({
      error: 'UnknownError',
      statusCode: 500,
    });
    expect(onError).toHaveBeenCalledOnce();
  });

  test('lets an abort through without reporting it', async () => {
    const { client, onError } = setup(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(client.request('/x', {}, DoneSchema)).rejects.toMatchObject({ name: 'AbortError' });
    expect(onError).not.toHaveBeenCalled();
  });

  test("hands on an answer only when it has the contract's shape", async () => {
    const { client } = setup(() => json(200, { correct: true, differences: [], extra: 'dropped' }));
    await expect(client.request('/tutor/check', { method: 'POST' }, CheckResultSchema)).resolves.toEqual({
      correct: true,
      differences: [],
    });
  });

  test("throws InvalidResponse, reported once, for an answer not in the contract's shape", async () => {
    const { client, onError } = setup(() => json(200, { correct: 'yes' }));
    const error = await client.request('/tutor/check', {}, CheckResultSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      error: 'InvalidResponse',
      statusCode: 502,
      message: 'The StudyEase service sent an answer this page cannot read. Reload the page and try again.',
      details: { path: '/tutor/check', where: 'correct' },
    });
    expect(onError).toHaveBeenCalledOnce();
  });

  test('throws InvalidResponse for a body that is not JSON', async () => {
    const { client } = setup(() => Promise.resolve(new Response('<html>ok</html>', { status: 200 })));
    await expect(client.request('/x', {}, DoneSchema)).rejects.toMatchObject({ error: 'InvalidResponse' });
  });
});
