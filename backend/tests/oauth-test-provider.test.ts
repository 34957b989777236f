import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import {
  DEFAULT_OAUTH_TEST_IDENTITY,
  OAUTH_TEST_CLIENT_ID,
  OAUTH_TEST_CLIENT_SECRET,
  startOAuthTestProvider,
  type OAuthTestProvider,
} from '../../tools/oauth-test-provider.mjs';

const REDIRECT_URI = 'http://client.test/callback';

let provider: OAuthTestProvider;
before(async () => {
  provider = await startOAuthTestProvider({ port: 0 });
});
after(async () => {
  await provider.stop();
});

const authorizeUrl = (extra: Record<string, string> = {}) =>
  `${provider.url}/authorize?${new URLSearchParams({
    client_id: OAUTH_TEST_CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    state: 'xyz',
    ...extra,
  }).toString()}`;

const get = (url: string) => fetch(url, { redirect: 'manual' });

const postForm = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${provider.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });

/** The redirect back to the client, parsed. */
const redirectOf = (res: Response) => {
  assert.equal(res.status, 302);
  const location = new URL(res.headers.get('location') ?? '');
  assert.equal(location.origin + location.pathname, REDIRECT_URI);
  return location.searchParams;
};

const exchangeCode = (code: string, overrides: Record<string, string> = {}) =>
  postForm('/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: OAUTH_TEST_CLIENT_ID,
    client_secret: OAUTH_TEST_CLIENT_SECRET,
    ...overrides,
  });

const TokenSchema = z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number() });
const UserinfoSchema = z.object({
  sub: z.string(),
  username: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
});

const userinfo = async (accessToken: string) =>
  fetch(`${provider.url}/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });

/** The whole grant: consent form approved as `identity`, code exchanged, profile read. */
const approveAs = async (identity: { username: string; email: string }) => {
  const params = redirectOf(
    await postForm('/authorize', {
      client_id: OAUTH_TEST_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      state: 'xyz',
      decision: 'approve',
      ...identity,
    }),
  );
  assert.equal(params.get('state'), 'xyz');
  return params.get('code') ?? '';
};

describe('startOAuthTestProvider', () => {
  test('listens on a free port when asked for port 0', () => {
    assert.ok(provider.port > 0);
    assert.equal(provider.url, `http://127.0.0.1:${provider.port}`);
  });

  test('GET /authorize shows a consent page with the default identity, Approve and Deny', async () => {
    const res = await get(authorizeUrl());
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, new RegExp(`value="${DEFAULT_OAUTH_TEST_IDENTITY.email}"`));
    assert.match(html, /value="approve"/);
    assert.match(html, /value="deny"/);
    assert.match(html, /name="state" value="xyz"/);
  });

  test('approving issues a code; the code buys an access token; the token reads the identity', async () => {
    const code = await approveAs({ username: 'ada', email: 'ada@example.com' });
    const tokenRes = await exchangeCode(code);
    assert.equal(tokenRes.status, 200);
    const { access_token: accessToken } = TokenSchema.parse(await tokenRes.json());
    const profile = UserinfoSchema.parse(await (await userinfo(accessToken)).json());
    assert.deepEqual(
      { username: profile.username, email: profile.email, verified: profile.email_verified },
      { username: 'ada', email: 'ada@example.com', verified: true },
    );
  });

  test('an identity in the query is approved without the page', async () => {
    const params = redirectOf(await get(authorizeUrl({ username: 'bob', email: 'bob@example.com' })));
    const { access_token: accessToken } = TokenSchema.parse(
      await (await exchangeCode(params.get('code') ?? '')).json(),
    );
    assert.equal(UserinfoSchema.parse(await (await userinfo(accessToken)).json()).email, 'bob@example.com');
  });

  test('denying redirects with error=access_denied and the state', async () => {
    const params = redirectOf(
      await postForm('/authorize', {
        client_id: OAUTH_TEST_CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        state: 's',
        decision: 'deny',
      }),
    );
    assert.equal(params.get('error'), 'access_denied');
    assert.equal(params.get('state'), 's');
    assert.equal(params.get('code'), null);
  });

  test('an unknown client or an invalid redirect_uri is shown, not redirected', async () => {
    assert.equal((await get(authorizeUrl({ client_id: 'other' }))).status, 400);
    assert.equal((await get(authorizeUrl({ redirect_uri: 'javascript:alert(1)' }))).status, 400);
  });

  test('a response_type other than code is sent back as unsupported_response_type', async () => {
    assert.equal(
      redirectOf(await get(authorizeUrl({ response_type: 'token' }))).get('error'),
      'unsupported_response_type',
    );
  });

  test("a code works once, only with the same redirect_uri and the client's secret", async () => {
    const code = await approveAs(DEFAULT_OAUTH_TEST_IDENTITY);
    assert.equal((await exchangeCode(code, { client_secret: 'wrong' })).status, 401);
    assert.equal((await exchangeCode(code)).status, 200);
    assert.equal((await exchangeCode(code)).status, 400);

    const other = await approveAs(DEFAULT_OAUTH_TEST_IDENTITY);
    const res = await exchangeCode(other, { redirect_uri: 'http://client.test/elsewhere' });
    assert.equal(res.status, 400);
    assert.equal(z.object({ error: z.string() }).parse(await res.json()).error, 'invalid_grant');
  });

  test('POST /token also takes the client credentials as HTTP Basic', async () => {
    const code = await approveAs(DEFAULT_OAUTH_TEST_IDENTITY);
    const basic = Buffer.from(`${OAUTH_TEST_CLIENT_ID}:${OAUTH_TEST_CLIENT_SECRET}`).toString('base64');
    const res = await postForm(
      '/token',
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI },
      { authorization: `Basic ${basic}` },
    );
    assert.equal(res.status, 200);
  });

  test('GET /userinfo refuses a missing or unknown token with 401', async () => {
    assert.equal((await fetch(`${provider.url}/userinfo`)).status, 401);
    assert.equal((await userinfo('nope')).status, 401);
  });

  test('autoApprove signs in the configured identity at once; setIdentity changes it', async () => {
    const auto = await startOAuthTestProvider({
      port: 0,
      autoApprove: true,
      identity: { username: 'cy', email: 'cy@example.com' },
    });
    try {
      const signIn = async () => {
        const res = await get(
          `${auto.url}/authorize?${new URLSearchParams({
            client_id: OAUTH_TEST_CLIENT_ID,
            response_type: 'code',
            redirect_uri: REDIRECT_URI,
          }).toString()}`,
        );
        const code = redirectOf(res).get('code') ?? '';
        const tokenRes = await fetch(`${auto.url}/token`, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: REDIRECT_URI,
            client_id: OAUTH_TEST_CLIENT_ID,
            client_secret: OAUTH_TEST_CLIENT_SECRET,
          }),
        });
        const { access_token: accessToken } = TokenSchema.parse(await tokenRes.json());
        const profile = await fetch(`${auto.url}/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
        return UserinfoSchema.parse(await profile.json()).email;
      };
      assert.equal(await signIn(), 'cy@example.com');
      auto.setIdentity({ username: 'di', email: 'di@example.com' });
      assert.equal(await signIn(), 'di@example.com');
    } finally {
      await auto.stop();
    }
  });
});
