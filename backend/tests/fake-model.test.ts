// The fake AI model's control API (what the site's browser tests use to steer it) and its explicit chunks.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type * as ChatCompletions from '../src/tutor/model/chatCompletions.ts';
import { requireCompiled } from './support/compiled.ts';
import { startFakeModel, type FakeModel } from './support/fake-model.ts';

const { streamChat } = requireCompiled<typeof ChatCompletions>('src/tutor/model/chatCompletions');

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
  return { status: res.status, body: (await res.json()) as unknown };
};

const settings = { baseUrl: '', apiKey: '', model: 'test-model', timeoutMs: 10_000 };

/** Streams one answer: its pieces, and the error that ended it, if any. */
const ask = async () => {
  const pieces: string[] = [];
  try {
    for await (const piece of streamChat({ ...settings, baseUrl: fake.url }, [{ role: 'user', content: 'Hi' }])) {
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
    body: { mode: 'ok', reply: 'Hello there', chunks: null, chunkDelayMs: 2, sent: 0, requests: 0 },
  });
  const { pieces, error } = await ask();
  assert.equal(error, null);
  assert.equal(pieces.join(''), 'Hello there');
  assert.deepEqual((await control()).body, {
    mode: 'ok',
    reply: 'Hello there',
    chunks: null,
    chunkDelayMs: 2,
    sent: pieces.length,
    requests: 1,
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
      sent: 0,
      requests: 1,
    },
  });
  for (const bad of [{ mode: 'sometimes' }, { chunks: 'x' }, { chunkDelayMs: -1 }, { colour: 'red' }, [1]]) {
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
