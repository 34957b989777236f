// Social sign-in end to end with the local OAuth2 test provider: the browser's redirects are followed by hand,
// with a cookie jar, and the site's return page is played by calling the callback as it does.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import { z } from 'zod';
import { DEFAULT_OAUTH_TEST_IDENTITY, type OAuthTestProvider } from '../../tools/oauth-test-provider.mjs';
import { AuthResponseSchema, ErrorResponseSchema, UserSchema, call, newAccount } from './support/api.ts';
import { TEST_SITE_URL, startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { createBrowser, type Browser } from './support/browser.ts';

const PROVIDER = 'studyease-test';
const RETURN_PAGE = `${TEST_SITE_URL}/auth/connect/${PROVIDER}/redirect`;
const siteOrigin = new URL(TEST_SITE_URL).origin;

let backend: Backend;
let provider: OAuthTestProvider;
before(async () => {
  backend = await startBackend({}, { oauthTestProvider: { autoApprove: true } });
  assert.ok(backend.oauth, 'startBackend started the test provider');
  provider = backend.oauth;
});
after(async () => {
  await backend.stop();
});
afterEach(() => provider.setIdentity(DEFAULT_OAUTH_TEST_IDENTITY));

/**
 * The nonce each sign-in's browser kept (the site: in sessionStorage), by the access_token it got back, so that
 * `exchange` sends it as the site's return page does unless a test passes another.
 */
const nonces = new Map<string, string>();

/** The browser's way from the site's button (which makes a nonce) to the site's return page. */
const signInWithProvider = async (browser: Browser = createBrowser()) => {
  const nonce = randomBytes(24).toString('base64url');
  const { hops, final } = await browser.navigate(
    `${backend.url}/api/connect/${PROVIDER}?nonce=${nonce}`,
    (url) => url.origin === siteOrigin,
  );
  const accessToken = final.searchParams.get('access_token');
  if (accessToken !== null) nonces.set(accessToken, nonce);
  return { browser, hops, final, accessToken, nonce };
};

/** What the site's return page does: GET /api/auth/{provider}/callback?access_token=…&nonce=… */
const exchange = async (accessToken: string | null, browser?: Browser, nonce = nonces.get(accessToken ?? '')) => {
  const query = new URLSearchParams({
    ...(accessToken === null ? {} : { access_token: accessToken }),
    ...(nonce === undefined ? {} : { nonce }),
  }).toString();
  const path = `/api/auth/${PROVIDER}/callback${query === '' ? '' : `?${query}`}`;
  const headers = { accept: 'application/json', origin: siteOrigin };
  // With a browser: its cookies go along, as with fetch(…, { credentials: 'include' }). Without: none, as today.
  const res =
    browser === undefined
      ? await fetch(`${backend.url}${path}`, { headers })
      : await browser.request(`${backend.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: await res.json() };
};

const signedIn = (result: { status: number; body: unknown }) => {
  assert.equal(result.status, 200, JSON.stringify(result.body));
  return AuthResponseSchema.parse(result.body);
};

const errorOf = (result: { status: number; body: unknown }) => ErrorResponseSchema.parse(result.body).error;

describe('the studyease-test provider (OAUTH_TEST_PROVIDER_URL set)', () => {
  test("is stored enabled, pointing at the test provider and back at the site's return page", async () => {
    const grant = z
      .record(z.string(), z.unknown())
      .parse(await backend.strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'grant' }));
    assert.deepEqual(grant[PROVIDER], {
      enabled: true,
      icon: '',
      key: 'studyease-test',
      secret: 'studyease-test-secret',
      callback: RETURN_PAGE,
      scope: ['openid', 'email', 'profile'],
      oauth: 2,
      authorize_url: `${provider.url}/authorize`,
      access_url: `${provider.url}/token`,
    });
  });

  test("the round trip goes backend → provider → backend → the site's return page with an access_token", async () => {
    const { hops, final, accessToken, browser } = await signInWithProvider();
    assert.deepEqual(
      hops.map(({ url, status }) => [new URL(url).origin + new URL(url).pathname, status]),
      [
        [`${backend.url}/api/connect/${PROVIDER}`, 302],
        [`${provider.url}/authorize`, 302],
        [`${backend.url}/api/connect/${PROVIDER}/callback`, 302],
      ],
    );
    const authorize = new URL(hops[1]?.url ?? '');
    assert.equal(authorize.searchParams.get('client_id'), 'studyease-test');
    assert.equal(authorize.searchParams.get('redirect_uri'), `${backend.url}/api/connect/${PROVIDER}/callback`);
    assert.ok(authorize.searchParams.get('state'), 'a state protects the callback');
    assert.equal(final.origin + final.pathname, RETURN_PAGE);
    assert.deepEqual([...final.searchParams.keys()], ['access_token']);
    assert.ok(accessToken);
    // An opaque handoff token, not the provider's own access token.
    assert.match(accessToken, /^h1\.[\w-]+$/);
    // The session cookie carried the OAuth state from /connect to its callback.
    assert.ok(browser.cookies('127.0.0.1').has('koa.sess'));
  });

  test("the site's callback call answers { jwt, user } for the provider's identity, without cookies", async () => {
    const { accessToken } = await signInWithProvider();
    const { jwt, user } = signedIn(await exchange(accessToken));
    assert.equal(user.email, DEFAULT_OAUTH_TEST_IDENTITY.email);
    assert.equal(user.username, DEFAULT_OAUTH_TEST_IDENTITY.username);
    assert.equal(user.confirmed, true);
    const me = await call(backend.url, 'GET', '/api/users/me', { token: jwt });
    assert.equal(me.status, 200);
    assert.equal(UserSchema.parse(me.body).email, DEFAULT_OAUTH_TEST_IDENTITY.email);
  });

  test("…and with the session cookie too (fetch with credentials: 'include')", async () => {
    const { accessToken, browser } = await signInWithProvider();
    const result = await exchange(accessToken, browser);
    assert.equal(signedIn(result).user.email, DEFAULT_OAUTH_TEST_IDENTITY.email);
    // The browser lets the site read a credentialed answer only with these.
    assert.equal(result.headers.get('access-control-allow-origin'), siteOrigin);
    assert.equal(result.headers.get('access-control-allow-credentials'), 'true');
  });

  test('a second round trip signs in the same user', async () => {
    const first = signedIn(await exchange((await signInWithProvider()).accessToken));
    const second = signedIn(await exchange((await signInWithProvider()).accessToken));
    assert.equal(second.user.id, first.user.id);
    assert.notEqual(second.jwt, '');
  });

  test('another identity at the provider signs in another user, created from its username and email', async () => {
    const account = newAccount('oauth');
    provider.setIdentity({ username: account.username, email: account.email });
    const { user } = signedIn(await exchange((await signInWithProvider()).accessToken));
    assert.equal(user.email, account.email);
    assert.equal(user.username, account.username);
  });

  test('an access_token signs in once', async () => {
    const { accessToken } = await signInWithProvider();
    signedIn(await exchange(accessToken));
    const again = await exchange(accessToken);
    assert.equal(again.status, 400);
    assert.match(errorOf(again).message, /Invalid or expired access_token/);
  });

  test('a bogus access_token is refused with 400, even with a completed session in the cookie', async () => {
    const { accessToken, browser } = await signInWithProvider();
    for (const bogus of [
      'bogus',
      `${accessToken}x`,
      'h1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const result = await exchange(bogus, browser);
      assert.equal(result.status, 400, bogus);
      assert.match(errorOf(result).message, /Invalid or expired access_token/);
    }
    // The refusals did not use up the real one.
    signedIn(await exchange(accessToken, browser));
  });

  test('sign-in CSRF: a handoff token works only in the browser that started the sign-in (its nonce)', async () => {
    // The attacker signs in with their own account and sends the return page's link to a victim, whose browser
    // holds no nonce for it, or the nonce of a sign-in of its own.
    const attacker = await signInWithProvider();
    const victim = await signInWithProvider();
    // One character changed (to another one: a nonce that already ended in x made this test pass the real nonce).
    const altered = `${attacker.nonce.slice(0, -1)}${attacker.nonce.endsWith('x') ? 'y' : 'x'}`;
    for (const nonce of ['', victim.nonce, altered]) {
      const result = await exchange(attacker.accessToken, undefined, nonce);
      assert.equal(result.status, 400, nonce);
      assert.match(errorOf(result).message, /Invalid or expired access_token/);
    }
    // Still unused: the browser that started it signs in with it.
    signedIn(await exchange(attacker.accessToken));
  });

  test("a sign-in started without a nonce goes back to the site's return page with an error, not to the provider", async () => {
    for (const query of ['', '?nonce=short', `?nonce=${'%20'.repeat(30)}`]) {
      const res = await createBrowser().request(`${backend.url}/api/connect/${PROVIDER}${query}`);
      assert.equal(res.status, 302, query);
      const location = new URL(res.headers.get('location') ?? '');
      assert.equal(location.origin + location.pathname, RETURN_PAGE);
      assert.match(location.searchParams.get('error') ?? '', /sign-in page/);
      assert.equal(location.searchParams.has('access_token'), false);
    }
  });

  test("the provider's own access token is refused: only a round trip through the backend counts", async () => {
    const result = await exchange(provider.issueToken());
    assert.equal(result.status, 400);
  });

  test("without access_token, the session cookie alone signs in once (Strapi's own flow)", async () => {
    const { browser } = await signInWithProvider();
    signedIn(await exchange(null, browser));
    const again = await exchange(null, browser);
    assert.equal(again.status, 400);
    assert.match(errorOf(again).message, /completed provider session/);
  });

  test('without access_token or cookie, the callback is refused', async () => {
    const result = await exchange(null);
    assert.equal(result.status, 400);
  });

  test('an email that belongs to a password account is refused', async () => {
    const account = newAccount('taken');
    assert.equal((await call(backend.url, 'POST', '/api/auth/local/register', { body: account })).status, 200);
    provider.setIdentity({ username: `${account.username}x`, email: account.email });
    const result = await exchange((await signInWithProvider()).accessToken);
    assert.equal(result.status, 400);
    assert.equal(errorOf(result).message, 'Email is already taken.');
  });

  test('denying at the provider lands on the site with error and error_description, no access_token', async () => {
    const browser = createBrowser();
    const first = await browser.request(
      `${backend.url}/api/connect/${PROVIDER}?nonce=${randomBytes(24).toString('base64url')}`,
    );
    const authorize = new URL(first.headers.get('location') ?? '');
    // The consent form's Deny button.
    const form = new URLSearchParams(authorize.searchParams);
    form.set('decision', 'deny');
    const denied = await browser.request(`${provider.url}/authorize`, { method: 'POST', body: form });
    assert.equal(denied.status, 302);
    const { final } = await browser.navigate(denied.headers.get('location') ?? '', (url) => url.origin === siteOrigin);
    assert.equal(final.origin + final.pathname, RETURN_PAGE);
    assert.equal(final.searchParams.get('error'), 'access_denied');
    assert.equal(final.searchParams.get('error_description'), 'The user denied access');
    assert.equal(final.searchParams.get('access_token'), null);
  });

  test('a provider callback without the session that started it (login CSRF) ends on the site with an error', async () => {
    const browser = createBrowser();
    const first = await browser.request(
      `${backend.url}/api/connect/${PROVIDER}?nonce=${randomBytes(24).toString('base64url')}`,
    );
    const approved = await browser.request(first.headers.get('location') ?? '');
    const backendCallback = approved.headers.get('location') ?? '';
    assert.match(backendCallback, /\/api\/connect\/studyease-test\/callback\?code=/);
    // Another browser (no cookies) opens the callback.
    const { final } = await createBrowser().navigate(backendCallback, (url) => url.origin === siteOrigin);
    assert.equal(final.origin + final.pathname, RETURN_PAGE);
    assert.equal(final.searchParams.get('error'), 'oauth_error');
    assert.match(final.searchParams.get('error_description') ?? '', /state mismatch/);
    assert.equal(final.searchParams.get('access_token'), null);
  });
});
