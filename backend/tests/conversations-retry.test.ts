// Answers that fail or are cut off: what arrived is kept (partial), it survives a restart of the backend, and
// POST /api/conversations/:id/messages/:messageId/retry answers the question again into the same message, with the
// same tool and options, without counting against the daily limit. The fake model is steered through its control
// API, as the site's browser tests do.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { z } from 'zod';
import { AuthResponseSchema, ErrorResponseSchema, call, newAccount, parseEvents } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { startFakeModel, type FakeModel } from '../../tools/fake-model.ts';

const REPLY = 'Plants turn light into chemical energy.\nAnswer: light energy to chemical energy';
const CHUNKS = ['Light ', 'is turned ', 'into ', 'chemical ', 'energy'];
const REFUSED = 'Only an answer that failed or was cut off can be retried';

const ENV = {
  AI_API_KEY: 'secret-key',
  AI_MODEL: 'tiny-test-model',
  // Far above any answer here: the model's time limit must not be what ends one.
  AI_TIMEOUT_MS: '20000',
  FREE_DAILY_QUESTIONS: '0',
};

let fake: FakeModel;
let backend: Backend;
let alice: z.output<typeof AuthResponseSchema>;
let bob: z.output<typeof AuthResponseSchema>;

const register = async () =>
  AuthResponseSchema.parse((await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount() })).body);

before(async () => {
  fake = await startFakeModel(REPLY);
  backend = await startBackend({ ...ENV, AI_BASE_URL: fake.url });
  alice = await register();
  bob = await register();
});
afterEach(async () => {
  await control({ mode: 'ok', reply: REPLY, chunks: null, chunkDelayMs: 2, holdAfter: null });
  fake.release();
});
after(async () => {
  await backend.stop();
  await fake.stop();
});

const ControlSchema = z.object({
  mode: z.string(),
  reply: z.string(),
  chunks: z.array(z.string()).nullable(),
  chunkDelayMs: z.number(),
  holdAfter: z.number().nullable(),
  sent: z.number(),
  held: z.boolean(),
  requests: z.number(),
});

/** POST /control on the fake model (or GET without settings). */
const control = async (settings?: Record<string, unknown>) => {
  const res = await fetch(`${fake.origin}/control`, {
    method: settings ? 'POST' : 'GET',
    ...(settings ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(settings) } : {}),
  });
  assert.equal(res.status, 200);
  return ControlSchema.parse(await res.json());
};

const MessageSchema = z.object({
  documentId: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  answer: z.object({ source: z.string(), answer: z.object({ text: z.string() }).nullable() }).nullable(),
  status: z.enum(['complete', 'partial', 'error']),
});
const StartSchema = z.object({
  tool: z.string(),
  source: z.string(),
  questionId: z.string().min(1),
  messageId: z.string().min(1),
});
const ModelRequestSchema = z.object({ messages: z.array(z.object({ role: z.string(), content: z.string() })) });

const newConversation = async (token: string, tool = 'homework-helper') => {
  const res = await call(backend.url, 'POST', '/api/conversations', { token, body: { tool } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return z.object({ data: z.object({ documentId: z.string() }) }).parse(res.body).data.documentId;
};

const messagesOf = async (token: string, id: string) => {
  const res = await call(backend.url, 'GET', `/api/conversations/${id}/messages`, { token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return z.object({ data: z.array(MessageSchema) }).parse(res.body).data;
};

/** A streamed answer read to its end, or a JSON error. */
const readAnswer = async (res: Response) => {
  const text = await res.text();
  const stream = (res.headers.get('content-type') ?? '').includes('text/event-stream');
  return {
    status: res.status,
    events: stream ? parseEvents(text) : [],
    json: stream ? null : (JSON.parse(text) as unknown),
  };
};

const send = async (token: string, id: string, body: unknown) =>
  readAnswer(
    await fetch(`${backend.url}/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
  );

const retry = async (token: string, id: string, messageId: string) =>
  readAnswer(
    await fetch(`${backend.url}/api/conversations/${id}/messages/${messageId}/retry`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    }),
  );

const deltasOf = (events: { event: string; data: unknown }[]) =>
  events.filter((e) => e.event === 'delta').map((e) => z.object({ text: z.string() }).parse(e.data).text);

const startOf = (events: { event: string; data: unknown }[]) => {
  assert.equal(events[0]?.event, 'start');
  return StartSchema.parse(events[0].data);
};

const errorOf = (json: unknown) => ErrorResponseSchema.parse(json).error;

describe('a cut answer', () => {
  test('keeps the text that arrived, survives a restart, and a retry completes it in the same message', async () => {
    const set = await control({ mode: 'cut', chunks: CHUNKS, chunkDelayMs: 2 });
    assert.deepEqual(set, {
      mode: 'cut',
      reply: REPLY,
      chunks: CHUNKS,
      chunkDelayMs: 2,
      holdAfter: null,
      sent: 0,
      held: false,
      requests: 0,
    });
    const id = await newConversation(alice.jwt);

    const cut = await send(alice.jwt, id, { text: 'What does photosynthesis do?' });
    assert.equal(cut.status, 200);
    assert.deepEqual(deltasOf(cut.events), CHUNKS);
    assert.deepEqual(
      cut.events.map((e) => e.event),
      ['start', 'delta', 'delta', 'delta', 'delta', 'delta', 'error', 'done'],
    );
    assert.match(JSON.stringify(cut.events[6]?.data), /cut off/);
    assert.equal((await control()).sent, 5);
    const firstStart = startOf(cut.events);

    const before = await messagesOf(alice.jwt, id);
    assert.deepEqual(
      before.map((m) => [m.role, m.status, m.text]),
      [
        ['user', 'complete', 'What does photosynthesis do?'],
        ['assistant', 'partial', CHUNKS.join('')],
      ],
    );
    assert.equal(before[1]?.answer, null);
    // The ids in `start` name the saved messages.
    assert.equal(firstStart.questionId, before[0]?.documentId);
    assert.equal(firstStart.messageId, before[1].documentId);

    // A restart on the same database (and the same secrets: Alice's sign-in stays valid).
    const stopped = backend;
    await stopped.stop({ keepDatabase: true });
    backend = await startBackend({ ...ENV, AI_BASE_URL: fake.url }, { sameDatabaseAs: stopped });
    assert.notEqual(backend.url, stopped.url);
    assert.deepEqual(await messagesOf(alice.jwt, id), before);

    await control({ mode: 'ok', reply: REPLY, chunks: null });
    const retried = await retry(alice.jwt, id, firstStart.messageId);
    assert.equal(retried.status, 200, JSON.stringify(retried.json));
    assert.deepEqual(startOf(retried.events), { ...firstStart, source: 'model' });
    assert.equal(deltasOf(retried.events).join(''), REPLY);
    assert.deepEqual(
      retried.events.slice(-2).map((e) => e.event),
      ['answer', 'done'],
    );

    const after = await messagesOf(alice.jwt, id);
    assert.deepEqual(
      after.map((m) => [m.documentId, m.role, m.status, m.text]),
      [
        [before[0]?.documentId, 'user', 'complete', 'What does photosynthesis do?'],
        [before[1].documentId, 'assistant', 'complete', REPLY],
      ],
    );
    assert.equal(after[1]?.answer?.answer?.text, 'light energy to chemical energy');
    // The model was asked the same question both times.
    const [first, second] = fake.requests.slice(-2).map((body) => ModelRequestSchema.parse(body).messages);
    assert.deepEqual(second, first);
  });

  test('with no text yet, a failure stays an error with its message', async () => {
    await control({ mode: 'cut', chunks: [], chunkDelayMs: 2 });
    const id = await newConversation(alice.jwt);
    const res = await send(alice.jwt, id, { text: 'What is osmosis?' });
    assert.deepEqual(
      res.events.map((e) => e.event),
      ['start', 'error', 'done'],
    );
    const [, reply] = await messagesOf(alice.jwt, id);
    assert.equal(reply?.status, 'error');
    assert.match(reply.text, /cut off before it was complete/);
  });
});

describe('retry', () => {
  test('uses the same tool and options and does not count against the daily limit', async () => {
    const carol = await register();
    const config = backend.strapi.config as unknown as {
      get(path: string): unknown;
      set(path: string, value: unknown): void;
    };
    const previous = config.get('chat');
    config.set('chat', { freeDailyQuestions: 1 });
    try {
      await control({ mode: 'error-500' });
      const id = await newConversation(carol.jwt, 'translator');
      const failed = await send(carol.jwt, id, { text: 'Bonjour à tous', options: { from: 'French', to: 'German' } });
      assert.equal(failed.status, 200);
      const [question, reply] = await messagesOf(carol.jwt, id);
      assert.equal(reply?.status, 'error');
      assert.match(reply.text, /not available right now/);

      // The one free question of the day is used up…
      const refused = await send(carol.jwt, id, { text: 'Merci' });
      assert.equal(refused.status, 429);
      // …and a retry still answers.
      await control({ mode: 'ok', reply: 'Hallo zusammen' });
      const retried = await retry(carol.jwt, id, reply.documentId);
      assert.equal(retried.status, 200, JSON.stringify(retried.json));
      assert.deepEqual(startOf(retried.events), {
        tool: 'translator',
        source: 'model',
        questionId: question?.documentId,
        messageId: reply.documentId,
      });
      assert.equal(deltasOf(retried.events).join(''), 'Hallo zusammen');

      const saved = await messagesOf(carol.jwt, id);
      assert.deepEqual(
        saved.map((m) => [m.role, m.status, m.text]),
        [
          ['user', 'complete', 'Bonjour à tous'],
          ['assistant', 'complete', 'Hallo zusammen'],
        ],
      );
      const [first, second] = fake.requests.slice(-2).map((body) => ModelRequestSchema.parse(body).messages);
      assert.deepEqual(second, first);
      assert.match(second?.at(-1)?.content ?? '', /from French to German/);
      // Still no more questions today: the retry added none, and took none.
      assert.equal((await send(carol.jwt, id, { text: 'Merci' })).status, 429);
    } finally {
      config.set('chat', previous);
    }
  });

  test('refuses a complete answer and a question with 400, and an unknown or foreign message with 404', async () => {
    const id = await newConversation(alice.jwt);
    assert.equal((await send(alice.jwt, id, { text: 'What is a cell?' })).status, 200);
    const [question, complete] = await messagesOf(alice.jwt, id);
    assert.equal(complete?.status, 'complete');

    for (const messageId of [complete.documentId, question?.documentId]) {
      const res = await retry(alice.jwt, id, messageId ?? '');
      assert.equal(res.status, 400);
      assert.equal(errorOf(res.json).name, 'ValidationError');
      assert.equal(errorOf(res.json).message, REFUSED);
    }

    // A failed answer of another conversation is not found in this one.
    await control({ mode: 'error-500' });
    const other = await newConversation(alice.jwt);
    await send(alice.jwt, other, { text: 'What is a gene?' });
    const otherBefore = await messagesOf(alice.jwt, other);
    const failed = otherBefore[1];
    assert.equal(failed?.status, 'error');
    assert.equal((await retry(alice.jwt, id, failed.documentId)).status, 404);
    assert.equal((await retry(alice.jwt, id, 'no-such-message')).status, 404);

    // Another user: 404 for the conversation, whatever the message.
    await control({ mode: 'ok' });
    const foreign = await retry(bob.jwt, other, failed.documentId);
    assert.equal(foreign.status, 404);
    assert.doesNotMatch(JSON.stringify(foreign.json), /gene/);
    // Nothing was touched by the refusals.
    assert.deepEqual(await messagesOf(alice.jwt, other), otherBefore);
    assert.deepEqual(
      (await messagesOf(alice.jwt, id)).map((m) => m.status),
      ['complete', 'complete'],
    );

    // Without a sign-in: 403, as every chat route.
    const anonymous = await fetch(`${backend.url}/api/conversations/${other}/messages/${failed.documentId}/retry`, {
      method: 'POST',
    });
    assert.equal(anonymous.status, 403);
  });

  test('an answer that is still being written cannot be retried', async () => {
    // The model holds the answer after its first chunk until the retry has been refused: however long that takes.
    await control({ mode: 'ok', chunks: CHUNKS, holdAfter: 1 });
    const id = await newConversation(alice.jwt);
    const res = await fetch(`${backend.url}/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.jwt}` },
      body: JSON.stringify({ text: 'What is light?' }),
    });
    // Node's fetch types the body as a ReadableStream of `any`.
    const reader = res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array> | undefined;
    assert.ok(reader);
    const decoder = new TextDecoder();
    let text = '';
    while (!parseEvents(text).some((e) => e.event === 'start')) {
      const { value, done } = await reader.read();
      assert.ok(!done, 'the stream ended before its start event');
      text += decoder.decode(value, { stream: true });
    }
    const { messageId } = startOf(parseEvents(text));

    await fake.whenHeld();
    const busy = await retry(alice.jwt, id, messageId);
    assert.equal(busy.status, 400);
    assert.match(errorOf(busy.json).message, /still being written/);
    const { sent, held } = await control();
    assert.deepEqual({ sent, held }, { sent: 1, held: true }, 'the answer was still being written');
    fake.release();

    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    assert.deepEqual(deltasOf(parseEvents(text)), CHUNKS);
    const [, reply] = await messagesOf(alice.jwt, id);
    assert.deepEqual([reply?.status, reply?.text], ['complete', CHUNKS.join('')]);
    assert.equal((await retry(alice.jwt, id, messageId)).status, 400);
  });
});
