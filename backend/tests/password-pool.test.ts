// Sign-in's password check runs in a worker thread (src/auth/password-pool.ts), not on the main thread.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type * as PasswordPool from '../src/auth/password-pool.ts';
import { requireCompiled } from './support/compiled.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { backendRoot } from '../../tools/test-backend/strapi-module.ts';

const { comparePassword } = requireCompiled<typeof PasswordPool>('src/auth/password-pool');
const bcrypt = createRequire(path.join(backendRoot, 'package.json'))('bcryptjs') as {
  hashSync(password: string, rounds: number): string;
};

let backend: Backend;
before(async () => {
  backend = await startBackend();
});
after(async () => {
  await backend.stop();
});

test('comparePassword tells a matching password from others', async () => {
  const hash = bcrypt.hashSync('Correct-Horse-1', 4);
  assert.equal(await comparePassword('Correct-Horse-1', hash), true);
  assert.equal(await comparePassword('correct-horse-1', hash), false);
  assert.equal(await comparePassword('', hash), false);
});

test("users-permissions' user service checks passwords with it", () => {
  const service = backend.strapi.plugin('users-permissions').service('user') as { validatePassword?: unknown };
  assert.equal(service.validatePassword, comparePassword);
});
