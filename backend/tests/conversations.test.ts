import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { AuthResponseSchema, ErrorResponseSchema, call, newAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
let alice: z.output<typeof AuthResponseSchema>;
let bob: z.output<typeof AuthResponseSchema>;

before(async () => {
  // No AI model; a generous engine time limit (a worker's first question loads its engine); no daily limit unless a
  // test sets one.
  backend = await startBackend({
    TUTOR_TIMEOUT_MS: '20000',
    TUTOR_MAX_QUESTION_LENGTH: '2000',
    FREE_DAILY_QUESTIONS: '0',
  });
  const register = async () =>
    AuthResponseSchema.parse(
      (await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount() })).body,
    );
  alice = await register();
  bob = await register();
});
after(async () => {
  await backend.stop();
});

const ConversationSchema = z.object({
  id: z.number(),
  documentId: z.string().min(1),
  tool: z.string(),
  title: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const ConversationResponse = z.object({ data: ConversationSchema });
const ListResponse = z.object({
  data: z.array(ConversationSchema),
  meta: z.object({
    pagination: z.object({ page: z.number(), pageSize: z.number(), pageCount: z.number(), total: z.number() }),
  }),
});
const MessageSchema = z.object({
  documentId: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  answer: z.unknown(),
  status: z.enum(['complete', 'partial', 'error']),
});
const MessagesResponse = z.object({ data: z.array(MessageSchema) });
const AnswerSchema = z.object({
  status: z.string(),
  answer: z.object({ text: z.string() }).nullable(),
  reason: z.string().optional(),
});

const errorOf = (body: unknown) => ErrorResponseSchema.parse(body).error;

const createConversation = async (token: string, body: unknown = { tool: 'math-solver' }) => {
  const res = await call(backend.url, 'POST', '/api/conversations', { token, body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return ConversationResponse.parse(res.body).data;
};

const messagesOf = async (token: string, id: string) => {
  const res = await call(backend.url, 'GET', `/api/conversations/${id}/messages`, { token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return MessagesResponse.parse(res.body).data;
};

/** Sends a message and reads the whole answer stream: its status, content type and events in order. */
const send = async (token: string | undefined, id: string, body: unknown) => {
  const res = await fetch(`${backend.url}/api/conversations/${id}/messages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const events = type.includes('text/event-stream')
    ? text
        .split('\n\n')
        .filter((block) => block.trim() !== '')
        .map((block) => {
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
          const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
          return { event, data };
        })
    : [];
  return { status: res.status, type, events, json: type.includes('json') ? (JSON.parse(text) as unknown) : null };
};

describe('conversations', () => {
  test('create, read, rename and delete one', async () => {
    const created = await createConversation(alice.jwt, { tool: 'physics-solver', title: 'Forces' });
    assert.equal(created.tool, 'physics-solver');
    assert.equal(created.title, 'Forces');

    const read = await call(backend.url, 'GET', `/api/conversations/${created.documentId}`, { token: alice.jwt });
    assert.equal(read.status, 200);
    assert.deepEqual(ConversationResponse.parse(read.body).data, created);

    const renamed = await call(backend.url, 'PUT', `/api/conversations/${created.documentId}`, {
      token: alice.jwt,
      body: { title: 'Newton' },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(ConversationResponse.parse(renamed.body).data.title, 'Newton');

    const deleted = await call(backend.url, 'DELETE', `/api/conversations/${created.documentId}`, { token: alice.jwt });
    assert.equal(deleted.status, 200);
    const gone = await call(backend.url, 'GET', `/api/conversations/${created.documentId}`, { token: alice.jwt });
    assert.equal(gone.status, 404);
  });

  test('a title is optional: the first question names the conversation', async () => {
    const created = await createConversation(alice.jwt, { tool: 'math-solver' });
    assert.equal(created.title, null);
    await send(alice.jwt, created.documentId, { text: '2+3' });
    const read = await call(backend.url, 'GET', `/api/conversations/${created.documentId}`, { token: alice.jwt });
    assert.equal(ConversationResponse.parse(read.body).data.title, '2+3');
  });

  test('deleting a conversation deletes its messages', async () => {
    const created = await createConversation(alice.jwt);
    await send(alice.jwt, created.documentId, { text: '1+1' });
    const messagesWhere = async (where: unknown) =>
      z.array(z.unknown()).parse(await backend.strapi.db.query('api::message.message').findMany({ where })).length;
    assert.equal(await messagesWhere({ conversation: { documentId: created.documentId } }), 2);
    await call(backend.url, 'DELETE', `/api/conversations/${created.documentId}`, { token: alice.jwt });
    assert.equal(await messagesWhere({ conversation: { documentId: created.documentId } }), 0);
    // Messages are not left behind without a conversation either.
    assert.equal(await messagesWhere({ conversation: { id: { $null: true } } }), 0);
  });

  test('the list is the caller’s own, newest first, paginated with meta', async () => {
    const carol = AuthResponseSchema.parse(
      (await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount() })).body,
    );
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push((await createConversation(carol.jwt, { tool: 'math-solver', title: `Chat ${index}` })).documentId);
    }
    const first = await call(backend.url, 'GET', '/api/conversations?page=1&pageSize=2', { token: carol.jwt });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const page1 = ListResponse.parse(first.body);
    assert.deepEqual(
      page1.data.map((c) => c.documentId),
      [ids[4], ids[3]],
    );
    assert.deepEqual(page1.meta.pagination, { page: 1, pageSize: 2, pageCount: 3, total: 5 });

    const last = ListResponse.parse(
      (await call(backend.url, 'GET', '/api/conversations?page=3&pageSize=2', { token: carol.jwt })).body,
    );
    assert.deepEqual(
      last.data.map((c) => c.documentId),
      [ids[0]],
    );

    const all = ListResponse.parse((await call(backend.url, 'GET', '/api/conversations', { token: carol.jwt })).body);
    assert.equal(all.meta.pagination.pageSize, 20);
    assert.deepEqual(
      all.data.map((c) => c.documentId),
      [...ids].reverse(),
    );
  });

  test('a conversation with a new message moves to the top of the list', async () => {
    const dave = AuthResponseSchema.parse(
      (await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount() })).body,
    );
    const older = await createConversation(dave.jwt);
    const newer = await createConversation(dave.jwt);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await send(dave.jwt, older.documentId, { text: '2+2' });
    const list = ListResponse.parse((await call(backend.url, 'GET', '/api/conversations', { token: dave.jwt })).body);
    assert.deepEqual(
      list.data.map((c) => c.documentId),
      [older.documentId, newer.documentId],
    );
  });
});

describe('owner isolation', () => {
  test('another user gets 404 on a conversation, its messages, rename and delete, and never sees it listed', async () => {
    const mine = await createConversation(alice.jwt, { tool: 'math-solver', title: 'Private' });
    const id = mine.documentId;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['PUT', `/api/conversations/${id}`, { title: 'Taken' }],
      ['DELETE', `/api/conversations/${id}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(backend.url, method, path, { token: bob.jwt, body });
      assert.equal(res.status, 404, `${method} ${path} answered ${res.status}`);
      assert.doesNotMatch(JSON.stringify(res.body), /Private/);
    }
    const sent = await send(bob.jwt, id, { text: '1+1' });
    assert.equal(sent.status, 404);
    const retried = await call(backend.url, 'POST', `/api/conversations/${id}/messages/any/retry`, { token: bob.jwt });
    assert.equal(retried.status, 404);

    const list = ListResponse.parse((await call(backend.url, 'GET', '/api/conversations', { token: bob.jwt })).body);
    assert.ok(!list.data.some((c) => c.documentId === id));
    // Still there, untouched, for its owner.
    const read = await call(backend.url, 'GET', `/api/conversations/${id}`, { token: alice.jwt });
    assert.equal(ConversationResponse.parse(read.body).data.title, 'Private');
    assert.equal((await messagesOf(alice.jwt, id)).length, 0);
  });

  test('an unknown id answers 404', async () => {
    const res = await call(backend.url, 'GET', '/api/conversations/does-not-exist', { token: alice.jwt });
    assert.equal(res.status, 404);
  });

  test('without a sign-in every route is refused', async () => {
    const { documentId } = await createConversation(alice.jwt);
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/conversations'],
      ['POST', '/api/conversations', { tool: 'math-solver' }],
      ['GET', `/api/conversations/${documentId}`],
      ['PUT', `/api/conversations/${documentId}`, { title: 'x' }],
      ['DELETE', `/api/conversations/${documentId}`],
      ['GET', `/api/conversations/${documentId}/messages`],
      ['POST', `/api/conversations/${documentId}/messages`, { text: '1+1' }],
      ['POST', `/api/conversations/${documentId}/messages/any/retry`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(backend.url, method, path, { body });
      assert.equal(res.status, 403, `${method} ${path} answered ${res.status}`);
    }
    assert.equal((await messagesOf(alice.jwt, documentId)).length, 0);
  });

  test('the core content-type routes stay closed', async () => {
    for (const path of ['/api/messages', '/api/messages/1']) {
      const res = await call(backend.url, 'GET', path, { token: alice.jwt });
      assert.ok([403, 404].includes(res.status), `${path} answered ${res.status}`);
    }
  });
});

describe('sending a message', () => {
  test('streams the engine’s answer and saves both messages, the student’s first', async () => {
    const { documentId } = await createConversation(alice.jwt, { tool: 'math-solver' });
    const res = await send(alice.jwt, documentId, { text: 'x^2-5x+6=0' });
    assert.equal(res.status, 200);
    assert.match(res.type, /text\/event-stream/);
    const names = res.events.map((e) => e.event);
    assert.equal(names[0], 'start');
    const start = z
      .object({ tool: z.string(), source: z.string(), questionId: z.string(), messageId: z.string() })
      .parse(res.events[0]?.data);
    assert.deepEqual([start.tool, start.source], ['math-solver', 'engine']);
    assert.ok(names.includes('step'), names.join(' '));
    assert.deepEqual(names.slice(-2), ['answer', 'done']);
    const answer = AnswerSchema.parse(res.events.at(-2)?.data);
    assert.equal(answer.answer?.text, 'x = 2, x = 3');

    const saved = await messagesOf(alice.jwt, documentId);
    assert.equal(saved.length, 2);
    assert.equal(saved[0]?.role, 'user');
    assert.equal(saved[0].text, 'x^2-5x+6=0');
    assert.equal(saved[0].status, 'complete');
    assert.equal(saved[1]?.role, 'assistant');
    assert.equal(saved[1].status, 'complete');
    assert.equal(AnswerSchema.parse(saved[1].answer).answer?.text, 'x = 2, x = 3');
    assert.deepEqual([start.questionId, start.messageId], [saved[0].documentId, saved[1].documentId]);
  });

  test('without an AI model, the homework helper answers that none is configured, and it is saved', async () => {
    const { documentId } = await createConversation(alice.jwt, { tool: 'homework-helper' });
    const res = await send(alice.jwt, documentId, { text: 'Why is the sky blue?' });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.events.map((e) => e.event),
      ['start', 'answer', 'done'],
    );
    const saved = await messagesOf(alice.jwt, documentId);
    assert.deepEqual(
      saved.map((m) => m.role),
      ['user', 'assistant'],
    );
    const answer = AnswerSchema.parse(saved[1]?.answer);
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason ?? '', /needs an AI model, which this site doesn.t have switched on/);
    assert.equal(saved[1]?.status, 'complete');
  });

  test('what it saves are ordinary documents: the document service reads them as its own', async () => {
    const conversation = await createConversation(alice.jwt, { tool: 'math-solver' });
    const res = await send(alice.jwt, conversation.documentId, { text: '2+3' });
    const start = z.object({ questionId: z.string(), messageId: z.string() }).parse(res.events[0]?.data);
    // The chat writes through the query engine; the document service (the admin panel's) must read the same rows.
    const strapi = backend.strapi as unknown as {
      documents(uid: string): { findOne(params: { documentId: string; populate?: string[] }): Promise<unknown> };
    };
    const Found = z.object({
      documentId: z.string(),
      publishedAt: z.string(),
      conversation: z.object({ documentId: z.string() }).nullable().optional(),
      title: z.string().nullable().optional(),
    });
    const found = async (uid: string, documentId: string, populate?: string[]) =>
      Found.parse(await strapi.documents(uid).findOne({ documentId, ...(populate ? { populate } : {}) }));
    for (const documentId of [start.questionId, start.messageId]) {
      // documentIds as the document service makes them (cuid2)
      assert.match(documentId, /^[a-z0-9]{24}$/);
      const message = await found('api::message.message', documentId, ['conversation']);
      assert.equal(message.conversation?.documentId, conversation.documentId);
    }
    // The first question names the conversation.
    assert.equal((await found('api::conversation.conversation', conversation.documentId)).title, '2+3');
  });

  test('messages list oldest first across several questions', async () => {
    const { documentId } = await createConversation(alice.jwt);
    await send(alice.jwt, documentId, { text: '1+1' });
    await send(alice.jwt, documentId, { text: '2+2' });
    const saved = await messagesOf(alice.jwt, documentId);
    assert.deepEqual(
      saved.map((m) => [m.role, m.role === 'user' ? m.text : '']),
      [
        ['user', '1+1'],
        ['assistant', ''],
        ['user', '2+2'],
        ['assistant', ''],
      ],
    );
  });

  test('refuses bad bodies with 400 and saves nothing', async () => {
    const { documentId } = await createConversation(alice.jwt);
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 42 }, [1, 2], { text: '1+1', options: 'x' }]) {
      const res = await send(alice.jwt, documentId, body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    assert.equal((await messagesOf(alice.jwt, documentId)).length, 0);
  });

  test('refuses an over-long text with 413 and saves nothing', async () => {
    const { documentId } = await createConversation(alice.jwt);
    const res = await send(alice.jwt, documentId, { text: 'x'.repeat(2001) });
    assert.equal(res.status, 413);
    assert.match(errorOf(res.json).message, /too long: 2001 characters, at most 2000/);
    assert.equal((await messagesOf(alice.jwt, documentId)).length, 0);
  });
});

describe('conversation bodies', () => {
  test('refuses an unknown tool, a missing tool, a bad title and a non-object body with 400', async () => {
    for (const body of [{ tool: 'essay-writer' }, {}, { tool: 'math-solver', title: 7 }, [1]]) {
      const res = await call(backend.url, 'POST', '/api/conversations', { token: alice.jwt, body });
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    const res = await call(backend.url, 'POST', '/api/conversations', { token: alice.jwt, body: { tool: 'x' } });
    assert.match(errorOf(res.body).message, /tool must be one of: translator, math-solver/);
  });

  test('refuses a rename without a title, and bad pagination, with 400', async () => {
    const { documentId } = await createConversation(alice.jwt);
    for (const body of [{}, { title: '' }, { title: 'x'.repeat(201) }]) {
      const res = await call(backend.url, 'PUT', `/api/conversations/${documentId}`, { token: alice.jwt, body });
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    for (const query of ['page=0', 'pageSize=1000', 'page=abc']) {
      const res = await call(backend.url, 'GET', `/api/conversations?${query}`, { token: alice.jwt });
      assert.equal(res.status, 400, query);
    }
  });
});

describe('free daily limit', () => {
  test('past FREE_DAILY_QUESTIONS the API answers 429 with a link to pricing and does not save the question', async () => {
    const erin = AuthResponseSchema.parse(
      (await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount() })).body,
    );
    // The controller reads the setting on every request, as FREE_DAILY_QUESTIONS=2 would set it.
    const config = backend.strapi.config as unknown as {
      get(path: string): unknown;
      set(path: string, value: unknown): void;
    };
    const previous = config.get('chat');
    config.set('chat', { freeDailyQuestions: 2 });
    try {
      const first = await createConversation(erin.jwt);
      const second = await createConversation(erin.jwt);
      assert.equal((await send(erin.jwt, first.documentId, { text: '1+1' })).status, 200);
      assert.equal((await send(erin.jwt, second.documentId, { text: '2+2' })).status, 200);
      const refused = await send(erin.jwt, second.documentId, { text: '3+3' });
      assert.equal(refused.status, 429);
      const error = z
        .object({ error: z.object({ message: z.string(), details: z.object({ pricing: z.string() }) }) })
        .parse(refused.json).error;
      assert.match(error.message, /2 free questions for today/);
      assert.equal(error.details.pricing, '/pricing');
      assert.deepEqual(
        (await messagesOf(erin.jwt, second.documentId)).map((m) => m.text).filter((t) => t === '3+3'),
        [],
      );
      assert.equal((await messagesOf(erin.jwt, second.documentId)).length, 2);
      // The limit is per user: another account still asks.
      const other = await createConversation(bob.jwt);
      assert.equal((await send(bob.jwt, other.documentId, { text: '1+1' })).status, 200);
    } finally {
      config.set('chat', previous);
    }
  });
});
