// The student owns the data (issue #16; docs/api.md, "Your data"): GET /api/account/export is everything they keep and
// nothing of anyone else's; DELETE /api/account removes all of it and the account for good, confirmed by the username.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { ErrorResponseSchema, call, registerAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;

before(async () => {
  backend = await startBackend({ TUTOR_TIMEOUT_MS: '20000', FREE_DAILY_QUESTIONS: '0' });
});
after(async () => {
  await backend.stop();
});

const TYPES = {
  conversation: 'api::conversation.conversation',
  message: 'api::message.message',
  attempt: 'api::practice-attempt.practice-attempt',
  skill: 'api::practice.skill-state',
  issued: 'api::practice.issued-question',
} as const;

const Export = z.object({
  format: z.literal('studyease-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  account: z.object({ username: z.string(), email: z.string() }),
  conversations: z.array(
    z.object({
      documentId: z.string(),
      tool: z.string(),
      title: z.string().nullable(),
      messages: z.array(z.object({ role: z.string(), text: z.string() })),
    }),
  ),
  practiceAttempts: z.array(z.object({ question: z.string(), answer: z.string(), correct: z.boolean() })),
  practiceQuestions: z.array(
    z.object({
      id: z.string(),
      skill: z.string(),
      question: z.string(),
      answeredAt: z.string().nullable(),
      outcome: z.string().nullable(),
      solution: z.string().nullable(),
    }),
  ),
  skills: z.array(z.object({ skill: z.string(), attempts: z.number(), startedAt: z.string() })),
});

/**
 * A student with a bit of everything: a chat answer (which starts its skill), a practice attempt in the
 * conversation, and a practice session with one question answered.
 */
const studentWithData = async (question: string) => {
  const session = await registerAccount(backend.url);
  const token = session.jwt;
  const created = await call(backend.url, 'POST', '/api/conversations', { token, body: { tool: 'math-solver' } });
  const id = z.object({ data: z.object({ documentId: z.string() }) }).parse(created.body).data.documentId;
  const res = await fetch(`${backend.url}/api/conversations/${id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ text: question }),
  });
  await res.text();
  const messages = await call(backend.url, 'GET', `/api/conversations/${id}/messages`, { token });
  const reply = z
    .object({ data: z.array(z.object({ documentId: z.string(), role: z.string() })) })
    .parse(messages.body)
    .data.find((message) => message.role === 'assistant');
  assert.ok(reply);
  const practice = await call(backend.url, 'POST', `/api/conversations/${id}/messages/${reply.documentId}/practice`, {
    token,
  });
  const [offered] = z.object({ practice: z.array(z.object({ question: z.string() })) }).parse(practice.body).practice;
  assert.ok(offered);
  const attempt = await call(
    backend.url,
    'POST',
    `/api/conversations/${id}/messages/${reply.documentId}/practice-attempts`,
    {
      token,
      body: { question: offered.question, answer: 'x = 1000' },
    },
  );
  assert.equal(attempt.status, 201, JSON.stringify(attempt.body));
  const started = await call(backend.url, 'POST', '/api/practice/session', { token, body: {} });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const questions = z
    .object({ data: z.object({ questions: z.array(z.object({ id: z.string(), question: z.string() })) }) })
    .parse(started.body).data.questions;
  const [first] = questions;
  assert.ok(first);
  const answered = await call(backend.url, 'POST', '/api/practice/answer', {
    token,
    body: { question: first.id, answer: 'x = 1000', hintsUsed: 0 },
  });
  assert.equal(answered.status, 200, JSON.stringify(answered.body));
  return { session, conversation: id, questions };
};

const exportOf = async (token: string) => {
  const res = await call(backend.url, 'GET', '/api/account/export', { token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res;
};

/** The ids of the messages of these conversations. */
const messageIds = async (conversations: string[]): Promise<number[]> =>
  (
    (await backend.strapi.db
      .query(TYPES.message)
      .findMany({ select: ['id'], where: { conversation: { documentId: { $in: conversations } } } })) as {
      id: number;
    }[]
  ).map((row) => row.id);

/** How many rows of each kind `owner` has (messages by their ids, so one left without its conversation counts). */
const rowsOf = async (owner: number, messages: number[]) => ({
  conversations: await backend.strapi.db.query(TYPES.conversation).count({ where: { owner: { id: owner } } }),
  messages: await backend.strapi.db.query(TYPES.message).count({ where: { id: { $in: messages } } }),
  attempts: await backend.strapi.db.query(TYPES.attempt).count({ where: { owner: { id: owner } } }),
  skills: await backend.strapi.db.query(TYPES.skill).count({ where: { owner: { id: owner } } }),
  issued: await backend.strapi.db.query(TYPES.issued).count({ where: { owner: { id: owner } } }),
  user: await backend.strapi.db.query('plugin::users-permissions.user').count({ where: { id: owner } }),
});

describe('your data', () => {
  test('the export is a JSON download of everything the student keeps, and nothing of anyone else', async () => {
    const alice = await studentWithData('x^2 - 5x + 6 = 0');
    const bob = await studentWithData('Solve 4x + 3 = 2x + 11');
    const res = await exportOf(alice.session.jwt);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.match(
      res.headers.get('content-disposition') ?? '',
      /^attachment; filename="studyease-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = Export.parse(res.body);
    assert.equal(data.account.username, alice.session.user.username);
    assert.deepEqual(
      data.conversations.map((conversation) => [conversation.documentId, conversation.messages.map((m) => m.role)]),
      [[alice.conversation, ['user', 'assistant']]],
    );
    assert.match(data.conversations[0]?.messages[0]?.text ?? '', /x\^2 - 5x \+ 6 = 0/);
    assert.deepEqual(
      data.practiceAttempts.map((attempt) => [attempt.answer, attempt.correct]),
      [['x = 1000', false]],
    );
    assert.equal(data.practiceQuestions.length, alice.questions.length);
    const [answered, ...open] = data.practiceQuestions;
    assert.deepEqual([answered?.outcome, typeof answered?.solution], ['wrong', 'string']);
    // The answer of a question not yet answered stays on the server, even in the export.
    assert.ok(open.every((question) => question.answeredAt === null && question.solution === null));
    assert.deepEqual(
      data.skills.map((skill) => [skill.skill, skill.attempts]),
      [['quadratic-equations', 2]],
    );
    // Never a secret of the account.
    const text = JSON.stringify(res.body);
    for (const secret of ['password', 'resetPasswordToken', 'confirmationToken', 'sessionsValidAfter']) {
      assert.ok(!text.includes(secret), secret);
    }
    // Nothing of Bob's: his conversation, his email, his questions.
    assert.ok(!text.includes(bob.conversation));
    assert.ok(!text.includes(bob.session.user.email));
    assert.ok(!text.includes('4x + 3 = 2x + 11'));
    for (const question of bob.questions) assert.ok(!text.includes(question.id));
    // Signed out: nothing.
    assert.ok([401, 403].includes((await call(backend.url, 'GET', '/api/account/export')).status));
  });

  test('delete needs the username; then every row of the account is gone, its jwt stops working, others keep theirs', async () => {
    const alice = await studentWithData('x^2 - 7x + 12 = 0');
    const bob = await studentWithData('x^2 - 9 = 0');
    const owner = alice.session.user.id;
    const aliceMessages = await messageIds([alice.conversation]);
    const before = await rowsOf(owner, aliceMessages);
    assert.ok(
      Object.values(before).every((count) => count > 0),
      JSON.stringify(before),
    );
    const bobMessages = await messageIds([bob.conversation]);
    const bobBefore = await rowsOf(bob.session.user.id, bobMessages);

    const remove = (token: string | undefined, body?: unknown) =>
      call(backend.url, 'DELETE', '/api/account', {
        ...(token === undefined ? {} : { token }),
        ...(body === undefined ? {} : { body }),
      });
    for (const body of [
      undefined,
      {},
      { confirm: 'someone-else' },
      { confirm: alice.session.user.username.toUpperCase() },
    ]) {
      const refused = await remove(alice.session.jwt, body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.ok(ErrorResponseSchema.parse(refused.body).error.message.length > 0);
    }
    // Bob cannot delete Alice: the route acts on the caller only, and her name is not his.
    assert.equal((await remove(bob.session.jwt, { confirm: alice.session.user.username })).status, 400);
    assert.ok([401, 403].includes((await remove(undefined, { confirm: alice.session.user.username })).status));
    assert.deepEqual(await rowsOf(owner, aliceMessages), before, 'nothing deleted by a refused request');

    const removed = await remove(alice.session.jwt, { confirm: alice.session.user.username });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(removed.body, { deleted: true });
    assert.deepEqual(await rowsOf(owner, aliceMessages), {
      conversations: 0,
      messages: 0,
      attempts: 0,
      skills: 0,
      issued: 0,
      user: 0,
    });
    // The jwt no longer works anywhere.
    for (const [method, path] of [
      ['GET', '/api/users/me'],
      ['GET', '/api/practice/skills'],
      ['GET', '/api/account/export'],
      ['GET', '/api/conversations'],
    ] as const) {
      const res = await call(backend.url, method, path, { token: alice.session.jwt });
      assert.equal(res.status, 401, `${method} ${path}: ${res.status}`);
    }
    // Sign-in is refused: the account is gone.
    const login = await call(backend.url, 'POST', '/api/auth/local', {
      body: { identifier: alice.session.user.email, password: 'Secret-pass1' },
    });
    assert.equal(login.status, 400);
    // Bob's data is untouched.
    assert.deepEqual(await rowsOf(bob.session.user.id, bobMessages), bobBefore);
    assert.equal((await exportOf(bob.session.jwt)).status, 200);
  });
});
