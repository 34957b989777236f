import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as OAuthHandoff from '../src/utils/oauth-handoff.ts';
import { requireCompiled } from './support/compiled.ts';

const { createHandoffCodec, HANDOFF_LIFETIME_MS } = requireCompiled<typeof OAuthHandoff>('src/utils/oauth-handoff');

const response = { access_token: 'provider-token' };

describe('createHandoffCodec', () => {
  test('opens what it sealed, once, for the same provider', async () => {
    const codec = createHandoffCodec('secret');
    const token = codec.seal('github', response);
    assert.deepEqual(await codec.open(token, 'github'), response);
    assert.equal(await codec.open(token, 'github'), null);
  });

  test("hides the provider's token and keeps to URL-safe characters", () => {
    const token = createHandoffCodec('secret').seal('github', response);
    assert.doesNotMatch(token, /provider-token/);
    assert.match(token, /^h1\.[\w-]+$/);
  });

  test('refuses a token for another provider (without using it up)', async () => {
    const codec = createHandoffCodec('secret');
    const token = codec.seal('github', response);
    assert.equal(await codec.open(token, 'google'), null);
    assert.deepEqual(await codec.open(token, 'github'), response);
  });

  test('refuses an expired token', async () => {
    let now = 1_000_000;
    const codec = createHandoffCodec('secret', { now: () => now });
    const token = codec.seal('github', response);
    now += HANDOFF_LIFETIME_MS + 1;
    assert.equal(await codec.open(token, 'github'), null);
  });

  test('refuses tokens sealed with another secret, altered, or made up', async () => {
    const codec = createHandoffCodec('secret');
    const foreign = createHandoffCodec('other secret').seal('github', response);
    assert.equal(await codec.open(foreign, 'github'), null);
    const token = codec.seal('github', response);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    assert.equal(await codec.open(altered, 'github'), null);
    // Node's base64 decoder would read `token + 'x'` as the same bytes: it must not pass as the same token.
    for (const garbage of ['', 'h1.', 'h1.AAAA', 'provider-token', 'h2.' + token.slice(3), `${token}x`, `${token}=`]) {
      assert.equal(await codec.open(garbage, 'github'), null, garbage);
    }
  });

  test('needs a secret', () => {
    assert.throws(() => createHandoffCodec(''), /needs a secret/);
  });
});
