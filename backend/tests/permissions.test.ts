import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { AuthResponseSchema, call, newAccount, registerAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
let alice: z.output<typeof AuthResponseSchema>;
let bob: z.output<typeof AuthResponseSchema>;

before(async () => {
  backend = await startBackend();
  alice = await registerAccount(backend.url);
  bob = await registerAccount(backend.url);
});
after(async () => {
  await backend.stop();
});

describe('a signed-in user', () => {
  // `:other` is another user's id, `:self` the caller's own.
  const forbidden: [method: string, route: string, body?: unknown][] = [
    ['GET', '/api/users/:other'],
    ['GET', '/api/users'],
    ['GET', '/api/users/count'],
    ['PUT', '/api/users/:other', { username: 'taken-over' }],
    // Even their own record: a user could otherwise confirm or unblock themself.
    ['PUT', '/api/users/:self', { confirmed: true }],
    ['DELETE', '/api/users/:other'],
    ['POST', '/api/users', newAccount()],
    ['GET', '/api/users-permissions/roles'],
    ['GET', '/api/users-permissions/permissions'],
    ['GET', '/api/upload/files'],
  ];

  for (const [method, route, body] of forbidden) {
    test(`cannot ${method} ${route}`, async () => {
      const path = route.replace(':other', String(bob.user.id)).replace(':self', String(alice.user.id));
      const res = await call(backend.url, method, path, { token: alice.jwt, body });
      assert.equal(res.status, 403, `${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    });
  }

  test('reads only themself through /api/users/me', async () => {
    const res = await call(backend.url, 'GET', '/api/users/me', { token: bob.jwt });
    assert.equal(res.status, 200);
    assert.equal(z.object({ id: z.number() }).parse(res.body).id, bob.user.id);
  });
});

describe('an anonymous visitor', () => {
  for (const path of ['/api/users', '/api/users/1', '/api/users-permissions/roles', '/api/upload/files']) {
    test(`cannot GET ${path}`, async () => {
      const res = await call(backend.url, 'GET', path);
      assert.equal(res.status, 403);
    });
  }
});
