import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as OAuthHandoff from '../src/utils/oauth-handoff.ts';
import { requireCompiled } from './support/compiled.ts';

const { createHandoffCodec, HANDOFF_LIFETIME_MS, nonceHash } =
  requireCompiled<typeof OAuthHandoff>('src/utils/oauth-handoff');

const response = { access_token: 'provider-token' };
/** The nonce of the browser that started the sign-in, and what the backend seals of it. */
const NONCE = 'browser-nonce-0123456789abcdef';
const BOUND = nonceHash(NONCE) ?? '';

describe('createHandoffCodec', () => {
  test('opens only with the nonce of the browser that started the sign-in (sign-in CSRF)', async () => {
    const codec = createHandoffCodec('secret');
    const token = codec.seal('github', response, BOUND);
    for (const other of [undefined, '', 'another-browser-nonce-0123456789', `${NONCE}x`, ['x'], BOUND]) {
      assert.equal(await codec.open(token, 'github', other), null, String(other));
    }
    assert.deepEqual(await codec.open(token, 'github', NONCE), response);
  });

  test('nonceHash takes 22 to 128 URL-safe characters and nothing else', () => {
    assert.equal(typeof nonceHash('a'.repeat(22)), 'string');
    for (const bad of [undefined, 42, 'a'.repeat(21), 'a'.repeat(129), `${'a'.repeat(22)} `, `${'a'.repeat(22)}/`]) {
      assert.equal(nonceHash(bad), null, String(bad));
    }
  });

  test('opens what it sealed, once, for the same provider', async () => {
    const codec = createHandoffCodec('secret');
    const token = codec.seal('github', response, BOUND);
    assert.deepEqual(await codec.open(token, 'github', NONCE), response);
    assert.equal(await codec.open(token, 'github', NONCE), null);
  });

  test("hides the provider's token and keeps to URL-safe characters", () => {
    const token = createHandoffCodec('secret').seal('github', response, BOUND);
    assert.doesNotMatch(token, /provider-token/);
    assert.match(token, /^h1\.[\w-]+$/);
  });

  test('refuses a token for another provider (without using it up)', async () => {
    const codec = createHandoffCodec('secret');
    const token = codec.seal('github', response, BOUND);
    assert.equal(await codec.open(token, 'google', NONCE), null);
    assert.deepEqual(await codec.open(token, 'github', NONCE), response);
  });

  test('refuses an expired token', async () => {
    let now = 1_000_000;
    const codec = createHandoffCodec('secret', { now: () => now });
    const token = codec.seal('github', response, BOUND);
    now += HANDOFF_LIFETIME_MS + 1;
    assert.equal(await codec.open(token, 'github', NONCE), null);
  });

  test('refuses tokens sealed with another secret, altered, or made up', async () => {
    const codec = createHandoffCodec('secret');
    const foreign = createHandoffCodec('other secret').seal('github', response, BOUND);
    assert.equal(await codec.open(foreign, 'github', NONCE), null);
    const token = codec.seal('github', response, BOUND);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    assert.equal(await codec.open(altered, 'github', NONCE), null);
    // Node's base64 decoder would read `token + 'x'` as the same bytes: it must not pass as the same token.
    for (const garbage of ['', 'h1.', 'h1.AAAA', 'provider-token', 'h2.' + token.slice(3), `${token}x`, `${token}=`]) {
      assert.equal(await codec.open(garbage, 'github', NONCE), null, garbage);
    }
  });

  test('needs a secret', () => {
    assert.throws(() => createHandoffCodec(''), /needs a secret/);
  });
});
