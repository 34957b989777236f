// The chat with an AI model (the local OpenAI-compatible test server): the answer streams as deltas and is saved
// as it arrives; a failing model is saved as an error, a client that goes away leaves the answer partial.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { AuthResponseSchema, call, newAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { startFakeModel, type FakeModel } from '../../tools/fake-model.ts';

const REPLY = 'Photosynthesis turns light into chemical energy.\nAnswer: light energy to chemical energy';

let fake: FakeModel;
let backend: Backend;
let student: z.output<typeof AuthResponseSchema>;

before(async () => {
  fake = await startFakeModel(REPLY);
  // FREE_DAILY_QUESTIONS is left unset: its default (20) applies.
  // A short model time limit: the disconnect test waits past it to prove the stopped answer is not finished later.
  backend = await startBackend({
    AI_BASE_URL: fake.url,
    AI_API_KEY: 'secret-key',
    AI_MODEL: 'tiny-test-model',
    AI_TIMEOUT_MS: '1500',
  });
  student = AuthResponseSchema.parse(
    (await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount() })).body,
  );
});
afterEach(() => {
  fake.mode = 'ok';
});
after(async () => {
  await backend.stop();
  await fake.stop();
});

const MessagesResponse = z.object({
  data: z.array(
    z.object({
      documentId: z.string(),
      role: z.enum(['user', 'assistant']),
      text: z.string(),
      answer: z.object({ source: z.string(), answer: z.object({ text: z.string() }).nullable() }).nullable(),
      status: z.enum(['complete', 'partial', 'error']),
    }),
  ),
});

const newConversation = async () => {
  const res = await call(backend.url, 'POST', '/api/conversations', {
    token: student.jwt,
    body: { tool: 'homework-helper' },
  });
  return z.object({ data: z.object({ documentId: z.string() }) }).parse(res.body).data.documentId;
};

const messagesOf = async (id: string) =>
  MessagesResponse.parse(
    (await call(backend.url, 'GET', `/api/conversations/${id}/messages`, { token: student.jwt })).body,
  ).data;

const post = (id: string, text: string, signal?: AbortSignal) =>
  fetch(`${backend.url}/api/conversations/${id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${student.jwt}` },
    body: JSON.stringify({ text }),
    ...(signal ? { signal } : {}),
  });

const eventsOf = (text: string) =>
  [...text.matchAll(/^event: (.*)\ndata: (.*)$/gm)].map(([, event, data]) => ({
    event,
    data: JSON.parse(data ?? 'null') as unknown,
  }));

test('FREE_DAILY_QUESTIONS defaults to 20', () => {
  assert.deepEqual(backend.strapi.config.get('chat'), { freeDailyQuestions: 20 });
});

test('a model answer streams as deltas and is saved complete with its text and answer', async () => {
  const id = await newConversation();
  const res = await post(id, 'What does photosynthesis do?');
  assert.equal(res.status, 200);
  const events = eventsOf(await res.text());
  const deltas = events.filter((e) => e.event === 'delta');
  assert.ok(deltas.length > 1);
  assert.equal(deltas.map((e) => (e.data as { text: string }).text).join(''), REPLY);
  assert.deepEqual(
    events.slice(-2).map((e) => e.event),
    ['answer', 'done'],
  );

  const [question, reply] = await messagesOf(id);
  // `start` names the saved question and answer, so the site can retry without reloading the conversation.
  assert.deepEqual(events[0], {
    event: 'start',
    data: {
      tool: 'homework-helper',
      source: 'model',
      questionId: question?.documentId,
      messageId: reply?.documentId,
    },
  });
  assert.equal(question?.text, 'What does photosynthesis do?');
  assert.equal(reply?.status, 'complete');
  assert.equal(reply.text, REPLY);
  assert.equal(reply.answer?.source, 'model');
  assert.equal(reply.answer.answer?.text, 'light energy to chemical energy');
});

test('a failing model ends the stream with error + done, and the answer is saved as an error', async () => {
  fake.mode = 'error-500';
  const id = await newConversation();
  const events = eventsOf(await (await post(id, 'What does photosynthesis do?')).text());
  assert.deepEqual(
    events.map((e) => e.event),
    ['start', 'error', 'done'],
  );
  const [question, reply] = await messagesOf(id);
  assert.equal(question?.status, 'complete');
  assert.equal(reply?.status, 'error');
  assert.match(reply.text, /not available right now/);
});

test('malformed JSON from the model is saved and streamed as plain words, never a parser message', async () => {
  fake.mode = 'malformed';
  const id = await newConversation();
  const events = eventsOf(await (await post(id, 'What does photosynthesis do?')).text());
  const error = events.find((e) => e.event === 'error');
  assert.deepEqual(error?.data, {
    kind: 'invalid',
    message: 'The AI model sent an answer that could not be read. Please try again.',
  });
  const [, reply] = await messagesOf(id);
  assert.equal(reply?.status, 'error');
  assert.equal(reply.text, 'The AI model sent an answer that could not be read. Please try again.');
  assert.doesNotMatch(JSON.stringify(events), /JSON|Unexpected token|position \d|\.js:\d/);
});

test('a client that goes away leaves the question saved and the answer partial', async () => {
  fake.mode = 'slow';
  const id = await newConversation();
  const abort = new AbortController();
  const res = await post(id, 'What does photosynthesis do?', abort.signal);
  assert.equal(res.status, 200);
  // Node's fetch types the body as a ReadableStream of `any`.
  const reader = res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array> | undefined;
  const first = await reader?.read();
  assert.match(new TextDecoder().decode(first?.value), /event: start/);
  abort.abort();

  // Saved once the server sees the client go: poll for it (a deadline far above any machine's delay, so that a
  // slow one cannot fail this; issue #11).
  let saved = await messagesOf(id);
  for (const deadline = Date.now() + 30_000; saved.length < 2 && Date.now() < deadline;) {
    await sleep(50);
    saved = await messagesOf(id);
  }
  assert.deepEqual(
    saved.map((m) => [m.role, m.status]),
    [
      ['user', 'complete'],
      ['assistant', 'partial'],
    ],
  );
  // Past the model's time limit: had the server kept waiting on the model after the client left, the timeout
  // would now have saved the answer as an error. It stays partial, so the request was really stopped.
  await sleep(2500);
  const later = await messagesOf(id);
  assert.equal(later[1]?.status, 'partial');
});
