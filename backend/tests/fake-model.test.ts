// The fake AI model's control API (what the site's browser tests use to steer it) and its explicit chunks.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type * as ChatCompletions from '../src/tutor/model/chatCompletions.ts';
import { requireCompiled } from './support/compiled.ts';
import { NO_STRUCTURED_REQUEST, startFakeModel, type FakeModel } from '../../tools/fake-model.ts';

const { completeChat, streamChat } = requireCompiled<typeof ChatCompletions>('src/tutor/model/chatCompletions');

let fake: FakeModel;

before(async () => {
  fake = await startFakeModel('Hello there');
});
after(async () => {
  await fake.stop();
});

const control = async (body?: unknown) => {
  const res = await fetch(`${fake.origin}/control`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
};

const settings = { baseUrl: '', apiKey: '', model: 'test-model', timeoutMs: 10_000 };

/** Streams one answer: its pieces, and the error that ended it, if any. */
const ask = async (question = 'Hi') => {
  const pieces: string[] = [];
  try {
    for await (const piece of streamChat({ ...settings, baseUrl: fake.url }, [{ role: 'user', content: question }])) {
      pieces.push(piece);
    }
    return { pieces, error: null };
  } catch (error) {
    return { pieces, error };
  }
};

test('GET /control tells the settings, the chunks sent and the requests received', async () => {
  assert.deepEqual(await control(), {
    status: 200,
    body: {
      mode: 'ok',
      reply: 'Hello there',
      chunks: null,
      chunkDelayMs: 2,
      holdAfter: null,
      holdFor: null,
      structured: null,
      sent: 0,
      held: false,
      requests: 0,
      structuredRequests: 0,
    },
  });
  const { pieces, error } = await ask();
  assert.equal(error, null);
  assert.equal(pieces.join(''), 'Hello there');
  assert.deepEqual((await control()).body, {
    mode: 'ok',
    reply: 'Hello there',
    chunks: null,
    chunkDelayMs: 2,
    holdAfter: null,
    holdFor: null,
    structured: null,
    sent: pieces.length,
    held: false,
    requests: 1,
    structuredRequests: 0,
  });
});

test('POST /control sets what it is given, resets `sent`, and refuses what it does not know', async () => {
  const set = await control({ mode: 'cut', chunks: ['One ', 'two ', 'three'], chunkDelayMs: 20 });
  assert.deepEqual(set, {
    status: 200,
    body: {
      mode: 'cut',
      reply: 'Hello there',
      chunks: ['One ', 'two ', 'three'],
      chunkDelayMs: 20,
      holdAfter: null,
      holdFor: null,
      structured: null,
      sent: 0,
      held: false,
      requests: 1,
      structuredRequests: 0,
    },
  });
  for (const bad of [
    { mode: 'sometimes' },
    { chunks: 'x' },
    { chunkDelayMs: -1 },
    { holdAfter: 1.5 },
    { holdFor: '' },
    { colour: 'red' },
    [1],
  ]) {
    assert.equal((await control(bad)).status, 400, JSON.stringify(bad));
  }

  // `cut` with chunks: all of them arrive, then the connection drops.
  const { pieces, error } = await ask();
  assert.deepEqual(pieces, ['One ', 'two ', 'three']);
  assert.match(String(error), /cut/);
  assert.equal(fake.sent, 3);

  // The same chunks in `ok` mode end properly.
  await control({ mode: 'ok' });
  const whole = await ask();
  assert.deepEqual(whole, { pieces: ['One ', 'two ', 'three'], error: null });

  // Back to the reply's own chunks.
  await control({ chunks: null, chunkDelayMs: 2 });
  assert.equal((await ask()).pieces.join(''), 'Hello there');
});

test('holdAfter holds the stream after that many chunks until it is released, over HTTP or in-process', async () => {
  await control({ mode: 'ok', chunks: ['One ', 'two ', 'three ', 'four'], chunkDelayMs: 2, holdAfter: 1 });
  const answer = ask();
  await fake.whenHeld();
  // Held after the first chunk, for as long as it takes: nothing here depends on how fast the machine is.
  assert.deepEqual((await control()).body, {
    mode: 'ok',
    reply: 'Hello there',
    chunks: ['One ', 'two ', 'three ', 'four'],
    chunkDelayMs: 2,
    holdAfter: 1,
    holdFor: null,
    structured: null,
    sent: 1,
    held: true,
    requests: 5,
    structuredRequests: 0,
  });
  // A later hold point set before the release holds the same stream again there.
  fake.holdAfter = 3;
  const released = await fetch(`${fake.origin}/control/release`, { method: 'POST' });
  assert.equal(released.status, 200);
  await fake.whenHeld();
  assert.equal(fake.sent, 3);
  fake.release();
  assert.deepEqual(await answer, { pieces: ['One ', 'two ', 'three ', 'four'], error: null });
  assert.equal(fake.held, false);

  // Holding after the last chunk keeps the stream open before its end; a client that goes away frees it.
  await control({ holdAfter: 4 });
  const abort = new AbortController();
  const pieces: string[] = [];
  const stream = (async () => {
    const messages = [{ role: 'user' as const, content: 'Hi' }];
    for await (const piece of streamChat({ ...settings, baseUrl: fake.url }, messages, abort.signal)) {
      pieces.push(piece);
    }
  })().catch((error: unknown) => error);
  await fake.whenHeld();
  assert.equal(fake.sent, 4);
  abort.abort();
  await stream;
  assert.deepEqual(pieces, ['One ', 'two ', 'three ', 'four']);
  // The model sees the client go when the connection closes: poll until it has.
  // The server clears it when the connection closes, which TypeScript's narrowing does not follow.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  while (fake.held) await new Promise((resolve) => setImmediate(resolve));
  await control({ chunks: null, holdAfter: null });
});

test('holdFor holds and counts only the request that asks it: others sharing the model go through', async () => {
  await control({
    mode: 'ok',
    chunks: ['One ', 'two ', 'three'],
    chunkDelayMs: 2,
    holdAfter: 1,
    holdFor: 'the long story',
  });
  const watched = ask('Tell me the long story');
  await fake.whenHeld();
  // Another test's question, meanwhile: all of it, not held, not counted.
  assert.deepEqual(await ask('Why is the sky blue?'), { pieces: ['One ', 'two ', 'three'], error: null });
  assert.equal(fake.sent, 1);
  assert.equal(fake.held, true);
  fake.release();
  assert.deepEqual(await watched, { pieces: ['One ', 'two ', 'three'], error: null });
  assert.equal(fake.sent, 3);
  await control({ chunks: null, holdAfter: null, holdFor: null });
});

test('a structured request (response_format) is answered whole with `structured`, counted apart from answers', async () => {
  const format = {
    type: 'json_schema' as const,
    json_schema: { name: 'engine_request', strict: true, schema: { type: 'object' } },
  };
  const messages = [{ role: 'user' as const, content: 'Résous trois x moins sept égale onze' }];
  const before = (await control()).body as { requests: number };
  // By default the fake cannot restate the question (topic none).
  assert.equal(await completeChat({ ...settings, baseUrl: fake.url }, messages, format), NO_STRUCTURED_REQUEST);
  await control({ structured: '{"topic":"equation"}' });
  assert.equal(await completeChat({ ...settings, baseUrl: fake.url }, messages, format), '{"topic":"equation"}');
  const after = (await control({ structured: null })).body as { requests: number; structuredRequests: number };
  assert.equal(after.structuredRequests, 2);
  assert.equal(after.requests, before.requests, 'answers are counted apart');
  const sent = fake.structuredRequests.at(-1) as { stream: boolean; response_format: unknown };
  assert.equal(sent.stream, false);
  assert.deepEqual(sent.response_format, format);

  // A server error and a cut reply are the client's ModelErrors, as for answers.
  await control({ mode: 'error-500' });
  await assert.rejects(completeChat({ ...settings, baseUrl: fake.url }, messages, format), { kind: 'http' });
  await control({ mode: 'cut' });
  await assert.rejects(completeChat({ ...settings, baseUrl: fake.url }, messages, format), { kind: 'cut' });
  await control({ mode: 'ok' });
});
