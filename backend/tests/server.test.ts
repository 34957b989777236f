import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startBackend, type Backend } from './support/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend();
});
after(async () => {
  await backend.stop();
});

describe('health', () => {
  test('GET /_health answers 204', async () => {
    const res = await fetch(`${backend.url}/_health`);
    assert.equal(res.status, 204);
  });
});
