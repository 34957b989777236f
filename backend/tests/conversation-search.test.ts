import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { AuthResponseSchema, ErrorResponseSchema, call, registerAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

// GET /api/conversations?q=: the history's search (issue #14). It searches the caller's own titles only.

let backend: Backend;
let alice: z.output<typeof AuthResponseSchema>;
let bob: z.output<typeof AuthResponseSchema>;

const ListResponse = z.object({
  data: z.array(z.object({ documentId: z.string(), title: z.string().nullable() })),
  meta: z.object({ pagination: z.object({ total: z.number() }) }),
});

const create = async (token: string, title: string): Promise<string> => {
  const res = await call(backend.url, 'POST', '/api/conversations', { token, body: { tool: 'physics-solver', title } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return z.object({ data: z.object({ documentId: z.string() }) }).parse(res.body).data.documentId;
};

const search = async (token: string, q: string) => {
  const res = await call(backend.url, 'GET', `/api/conversations?q=${encodeURIComponent(q)}`, { token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return ListResponse.parse(res.body);
};

before(async () => {
  backend = await startBackend({ FREE_DAILY_QUESTIONS: '0' });
  alice = await registerAccount(backend.url);
  bob = await registerAccount(backend.url);
});
after(async () => {
  await backend.stop();
});

describe('searching the conversation list', () => {
  test('finds the titles holding every word, case-insensitive, and only the caller’s', async () => {
    const box20 = await create(alice.jwt, 'A box of 5 kg is pushed with 20 N');
    const box35 = await create(alice.jwt, 'A box of 5 kg is pushed with 35 N');
    await create(alice.jwt, 'A ball is dropped from 20 m');
    await create(bob.jwt, 'A box of 5 kg that is Bob’s');

    const boxes = await search(alice.jwt, 'BOX');
    assert.deepEqual(
      boxes.data.map((item) => item.documentId),
      [box35, box20],
    );
    assert.equal(boxes.meta.pagination.total, 2);
    assert.deepEqual(
      (await search(alice.jwt, 'box 20')).data.map((item) => item.documentId),
      [box20],
    );
    assert.equal((await search(bob.jwt, 'box')).data.length, 1);
    assert.equal((await search(alice.jwt, 'Bob')).data.length, 0);
  });

  test('an empty q lists everything; a q longer than a title is refused', async () => {
    assert.equal((await search(alice.jwt, '   ')).data.length, 3);
    const res = await call(backend.url, 'GET', `/api/conversations?q=${'a'.repeat(201)}`, { token: alice.jwt });
    assert.equal(res.status, 400);
    assert.match(ErrorResponseSchema.parse(res.body).error.message, /q must be at most 200 characters/);
  });

  test('without a session there is nothing to search', async () => {
    const res = await call(backend.url, 'GET', '/api/conversations?q=box');
    assert.ok(res.status === 401 || res.status === 403, String(res.status));
  });
});
