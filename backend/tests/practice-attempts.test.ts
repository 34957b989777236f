import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { ErrorResponseSchema, call, registerAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
let alice: Awaited<ReturnType<typeof registerAccount>>;
let bob: Awaited<ReturnType<typeof registerAccount>>;

before(async () => {
  // The offline engines only; a generous time limit (a worker's first question loads its engine); no daily limit.
  backend = await startBackend({ TUTOR_TIMEOUT_MS: '20000', FREE_DAILY_QUESTIONS: '0' });
  alice = await registerAccount(backend.url);
  bob = await registerAccount(backend.url);
});
after(async () => {
  await backend.stop();
});

const PracticeResponse = z.object({
  practice: z.array(z.object({ question: z.string(), answer: z.string(), verified: z.boolean() })).min(1),
});
const AttemptSchema = z.object({
  documentId: z.string().min(1),
  conversation: z.string(),
  message: z.string().nullable(),
  tool: z.string(),
  question: z.string(),
  answer: z.string(),
  correct: z.boolean(),
  differences: z.array(z.string()),
  createdAt: z.string(),
});
const AttemptResponse = z.object({ data: AttemptSchema });
const AttemptList = z.object({ data: z.array(AttemptSchema) });
const MessagesResponse = z.object({
  data: z.array(
    z.object({
      documentId: z.string(),
      role: z.string(),
      answer: z.object({ practice: z.array(z.object({ question: z.string() })) }).nullable(),
    }),
  ),
});

const errorOf = (body: unknown) => ErrorResponseSchema.parse(body).error;

/** A conversation of `token` with one engine answer; its id and the answer message's id. */
const answered = async (token: string, question = 'x^2 - 5x + 6 = 0') => {
  const created = await call(backend.url, 'POST', '/api/conversations', { token, body: { tool: 'math-solver' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = z.object({ data: z.object({ documentId: z.string() }) }).parse(created.body).data.documentId;
  const res = await fetch(`${backend.url}/api/conversations/${id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ text: question }),
  });
  assert.equal(res.status, 200);
  await res.text();
  const messages = await call(backend.url, 'GET', `/api/conversations/${id}/messages`, { token });
  const reply = MessagesResponse.parse(messages.body).data.find((message) => message.role === 'assistant');
  assert.ok(reply, 'the answer is saved');
  return { id, messageId: reply.documentId };
};

const practiceOf = async (token: string, id: string, messageId: string) => {
  const res = await call(backend.url, 'POST', `/api/conversations/${id}/messages/${messageId}/practice`, { token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return PracticeResponse.parse(res.body).practice;
};

const attempt = (token: string | undefined, id: string, messageId: string, body: unknown) =>
  call(backend.url, 'POST', `/api/conversations/${id}/messages/${messageId}/practice-attempts`, {
    ...(token === undefined ? {} : { token }),
    body,
  });

describe('practice in a conversation', () => {
  test('questions are made once and kept on the answer; attempts are checked, kept and listed in order', async () => {
    const { id, messageId } = await answered(alice.jwt);
    const practice = await practiceOf(alice.jwt, id, messageId);
    // Asked again (the conversation reopened): the same questions, not new ones.
    assert.deepEqual(await practiceOf(alice.jwt, id, messageId), practice);
    const messages = await call(backend.url, 'GET', `/api/conversations/${id}/messages`, { token: alice.jwt });
    const saved = MessagesResponse.parse(messages.body).data.find((message) => message.documentId === messageId);
    assert.deepEqual(
      saved?.answer?.practice.map((item) => item.question),
      practice.map((item) => item.question),
    );

    const first = practice[0];
    assert.ok(first);
    const wrong = await attempt(alice.jwt, id, messageId, { question: first.question, answer: 'x = 1000' });
    assert.equal(wrong.status, 201, JSON.stringify(wrong.body));
    const wrongAttempt = AttemptResponse.parse(wrong.body).data;
    assert.equal(wrongAttempt.correct, false);
    assert.ok(wrongAttempt.differences.length > 0, 'a wrong answer says where it differs');
    assert.equal(wrongAttempt.conversation, id);
    assert.equal(wrongAttempt.message, messageId);
    assert.equal(wrongAttempt.tool, 'math-solver');

    const right = await attempt(alice.jwt, id, messageId, { question: first.question, answer: first.answer });
    assert.equal(right.status, 201, JSON.stringify(right.body));
    assert.equal(AttemptResponse.parse(right.body).data.correct, true);
    assert.deepEqual(AttemptResponse.parse(right.body).data.differences, []);

    const list = await call(backend.url, 'GET', `/api/conversations/${id}/practice-attempts`, { token: alice.jwt });
    assert.equal(list.status, 200);
    assert.deepEqual(
      AttemptList.parse(list.body).data.map((kept) => [kept.answer, kept.correct]),
      [
        ['x = 1000', false],
        [first.answer, true],
      ],
    );
  });

  test('another account can neither read nor write the attempts, nor get the practice, of a conversation', async () => {
    const { id, messageId } = await answered(alice.jwt);
    const [first] = await practiceOf(alice.jwt, id, messageId);
    assert.ok(first);
    assert.equal((await attempt(alice.jwt, id, messageId, { question: first.question, answer: 'x = 1' })).status, 201);

    const read = await call(backend.url, 'GET', `/api/conversations/${id}/practice-attempts`, { token: bob.jwt });
    assert.equal(read.status, 404);
    const write = await attempt(bob.jwt, id, messageId, { question: first.question, answer: first.answer });
    assert.equal(write.status, 404);
    const questions = await call(backend.url, 'POST', `/api/conversations/${id}/messages/${messageId}/practice`, {
      token: bob.jwt,
    });
    assert.equal(questions.status, 404);
    // Bob's own conversation with Alice's message id: the message is looked up in his conversation only.
    const own = await answered(bob.jwt);
    const crossed = await attempt(bob.jwt, own.id, messageId, { question: first.question, answer: first.answer });
    assert.equal(crossed.status, 404);
    // Bob's list of his own conversation holds none of Alice's attempts.
    const bobs = await call(backend.url, 'GET', `/api/conversations/${own.id}/practice-attempts`, { token: bob.jwt });
    assert.deepEqual(AttemptList.parse(bobs.body).data, []);
    // Signed out: nothing at all.
    const anonymous = await call(backend.url, 'GET', `/api/conversations/${id}/practice-attempts`);
    assert.ok([401, 403].includes(anonymous.status), String(anonymous.status));
    assert.ok([401, 403].includes((await attempt(undefined, id, messageId, { question: 'x', answer: 'y' })).status));
    // Alice still has exactly her one attempt.
    const mine = await call(backend.url, 'GET', `/api/conversations/${id}/practice-attempts`, { token: alice.jwt });
    assert.equal(AttemptList.parse(mine.body).data.length, 1);
  });

  test('input is capped and checked: answer length, an offered question, a JSON object, a solved answer', async () => {
    const { id, messageId } = await answered(alice.jwt);
    const [first] = await practiceOf(alice.jwt, id, messageId);
    assert.ok(first);
    const long = await attempt(alice.jwt, id, messageId, { question: first.question, answer: 'x'.repeat(501) });
    assert.equal(long.status, 413);
    assert.match(errorOf(long.body).message, /answer is too long/);
    const longQuestion = await attempt(alice.jwt, id, messageId, { question: 'x'.repeat(2001), answer: '1' });
    assert.equal(longQuestion.status, 413);
    const other = await attempt(alice.jwt, id, messageId, { question: 'x + 1 = 2', answer: 'x = 1' });
    assert.equal(other.status, 400);
    assert.match(errorOf(other.body).message, /one of the practice questions/);
    assert.equal((await attempt(alice.jwt, id, messageId, { question: first.question, answer: '  ' })).status, 400);
    assert.equal((await attempt(alice.jwt, id, messageId, [1, 2])).status, 400);
    assert.equal((await attempt(alice.jwt, id, messageId, { question: first.question })).status, 400);
    // The question's message is not an answer: no practice there.
    const messages = await call(backend.url, 'GET', `/api/conversations/${id}/messages`, { token: alice.jwt });
    const question = MessagesResponse.parse(messages.body).data.find((message) => message.role === 'user');
    assert.ok(question);
    const onQuestion = await call(
      backend.url,
      'POST',
      `/api/conversations/${id}/messages/${question.documentId}/practice`,
      { token: alice.jwt },
    );
    assert.equal(onQuestion.status, 404);
    const list = await call(backend.url, 'GET', `/api/conversations/${id}/practice-attempts`, { token: alice.jwt });
    assert.deepEqual(AttemptList.parse(list.body).data, [], 'nothing refused was kept');
  });

  test('deleting the conversation deletes its attempts', async () => {
    const { id, messageId } = await answered(alice.jwt);
    const [first] = await practiceOf(alice.jwt, id, messageId);
    assert.ok(first);
    assert.equal((await attempt(alice.jwt, id, messageId, { question: first.question, answer: 'x = 1' })).status, 201);
    const removed = await call(backend.url, 'DELETE', `/api/conversations/${id}`, { token: alice.jwt });
    assert.equal(removed.status, 200);
    const count = await backend.strapi.db
      .query('api::practice-attempt.practice-attempt')
      .count({ where: { conversation: { documentId: id } } });
    assert.equal(count, 0);
    const orphans = await backend.strapi.db
      .query('api::practice-attempt.practice-attempt')
      .count({ where: { conversation: { id: { $null: true } } } });
    assert.equal(orphans, 0, 'no attempt is left without its conversation');
  });
});
