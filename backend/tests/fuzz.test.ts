// Hostile input (issue #7): a reduced, deterministic round of `npm run fuzz` (scripts/fuzz-cases.mts), and the
// answers of src/utils/request-guard.ts one by one.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { ROUTE_COUNT, describeRequest, prepareFixtures, runFuzz, type FuzzFixtures } from '../scripts/fuzz-cases.mts';
import type * as RequestGuard from '../src/utils/request-guard.ts';
import { ErrorResponseSchema } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { requireCompiled } from './support/compiled.ts';

const { bodyProblem } = requireCompiled<typeof RequestGuard>('src/utils/request-guard');

/** Fixed: CI runs the same requests every time; a failure names the index to replay with `npm run fuzz`. */
const SEED = 20_260_701;
const REQUESTS = 300;

let backend: Backend;
let fixtures: FuzzFixtures;
before(async () => {
  backend = await startBackend({
    FREE_DAILY_QUESTIONS: '0',
    TUTOR_RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_MAX: '100000',
  });
  fixtures = await prepareFixtures(backend.url, backend.secrets['JWT_SECRET'] ?? null);
});
after(async () => {
  await backend.stop();
});

/** Sends raw bytes (what fetch refuses to send) and returns the status and body. */
const raw = (
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; contentType: string; body: string }> =>
  new Promise((resolve, reject) => {
    const url = new URL(backend.url);
    const req = httpRequest({ hostname: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });

const assertJsonError = (res: { status: number; contentType: string; body: string }, status: number): void => {
  assert.equal(res.status, status, res.body);
  assert.match(res.contentType, /json/);
  assert.equal(ErrorResponseSchema.parse(JSON.parse(res.body)).error.status, status);
};

describe('fuzz round', () => {
  test(`${REQUESTS} hostile requests over every route: no 5xx, every error JSON, /_health throughout`, async () => {
    assert.ok(REQUESTS >= ROUTE_COUNT * 8, 'every route gets several requests');
    const run = await runFuzz({
      fixtures,
      seed: SEED,
      indexes: Array.from({ length: REQUESTS }, (_, index) => index),
      concurrency: 4,
      healthEvery: 20,
    });
    const bad = run.outcomes
      .filter((outcome) => outcome.problem !== null)
      .map((outcome) => `${outcome.problem ?? ''}: ${describeRequest(outcome.request)} → ${outcome.excerpt}`);
    assert.deepEqual(bad, [], `replay with: npm run fuzz -- --seed ${SEED} --index <n>`);
    assert.deepEqual(run.healthFailures, []);
    assert.equal(run.outcomes.length, REQUESTS);
  });
});

describe('request guard', () => {
  test('bodyProblem finds deep nesting and lone surrogates without recursion', () => {
    assert.equal(bodyProblem({ a: [1, { b: 'x😀' }] }, 3), null);
    assert.match(bodyProblem({ a: [1, { b: {} }] }, 3) ?? '', /nested more than 3/);
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    assert.match(bodyProblem(deep, 64) ?? '', /nested/);
    assert.match(bodyProblem({ password: '\ud800x' }, 64) ?? '', /not valid Unicode/);
    assert.match(bodyProblem({ ['\udfff']: 1 }, 64) ?? '', /not valid Unicode/);
  });

  test('a password with a lone surrogate answers 400 at once (bcryptjs looped until the heap ran out)', async () => {
    const body = '{"currentPassword":"\\ud800x","password":"Secret-pass2","passwordConfirmation":"Secret-pass2"}';
    const res = await raw(
      'POST',
      '/api/auth/change-password',
      { 'content-type': 'application/json', authorization: `Bearer ${fixtures.jwt}` },
      body,
    );
    assertJsonError(res, 400);
    assert.match(res.body, /not valid Unicode/);
    const health = await fetch(`${backend.url}/_health`);
    assert.equal(health.status, 204);
  });

  test('JSON nested 10,000 deep answers 400 (change-password overflowed the stack: 500)', async () => {
    const body = `{"password":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const res = await raw(
      'POST',
      '/api/auth/change-password',
      { 'content-type': 'application/json', authorization: `Bearer ${fixtures.jwt}` },
      body,
    );
    assertJsonError(res, 400);
  });

  test('a body without a content type, or one koa-body does not parse, answers 415 (the auth controllers answered 500)', async () => {
    for (const contentType of ['application/octet-stream', 'image/png']) {
      const res = await raw('POST', '/api/auth/local', { 'content-type': contentType }, '{"identifier":"a"}');
      assertJsonError(res, 415);
    }
    assertJsonError(await raw('POST', '/api/auth/local', {}, '{"identifier":"a"}'), 415);
  });

  test('a POST without a body reaches the validation: 400, not 500', async () => {
    assertJsonError(await raw('POST', '/api/auth/reset-password', {}), 400);
  });

  test('a broken multipart body and a body that is not the gzip it claims answer 400 (were 500)', async () => {
    assertJsonError(
      await raw('POST', '/api/tutor/solve', { 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\n\r\n'),
      400,
    );
    assertJsonError(
      await raw('POST', '/api/tutor/solve', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, '{}'),
      400,
    );
  });

  test('a body of 10 MB answers 413 with the envelope', async () => {
    const res = await raw(
      'POST',
      '/api/tutor/solve',
      { 'content-type': 'application/json' },
      `"${'a'.repeat(10 << 20)}"`,
    );
    assertJsonError(res, 413);
  });

  test('an unknown method and a wrong one answer 405 with the envelope (were 501 and 405 in plain text)', async () => {
    assertJsonError(await raw('PROPFIND', '/api/articles', {}), 405);
    assertJsonError(await raw('DELETE', '/api/auth/local', {}), 405);
  });

  test("what Node's parser refuses answers JSON: headers over 16 KB 431, a malformed method 400", async () => {
    assertJsonError(await raw('GET', '/api/articles', { 'x-visitor-id': 'v'.repeat(20_000) }), 431);
    const malformed = await raw('FUZZ', '/api/articles', {});
    assert.ok(malformed.status === 400 || malformed.status === 405, String(malformed.status));
    assertJsonError(malformed, malformed.status);
    const health = await fetch(`${backend.url}/_health`);
    assert.equal(health.status, 204);
  });
});
