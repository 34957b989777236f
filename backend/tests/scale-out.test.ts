import { randomBytes } from 'node:crypto';
// Two backend instances on one database, as behind a load balancer (issue #7, "past one machine"): one in this
// process, one in a child process (Strapi is one per process), with the same secrets, so a sign-in made on one is
// good on the other. The limits that used to be counted in each process's memory — the auth routes' rate limit,
// the tutor's per-minute limit, the free daily questions and the OAuth handoff's single use — must hold as one:
// requests alternate between the instances, and the limit comes where one instance alone would have put it.
// Runs on SQLite (two processes on one file) and, in CI's second run, on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { startBackendProcess, type BackendProcess } from '../../tools/test-backend/process.ts';
import { AuthResponseSchema, ErrorResponseSchema, call, newAccount } from './support/api.ts';
import { TEST_SITE_URL, startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { createBrowser } from './support/browser.ts';

const LIMITS = {
  AUTH_RATE_LIMIT_MAX: '6',
  TUTOR_RATE_LIMIT_PER_MINUTE: '6',
  FREE_DAILY_QUESTIONS: '4',
};

let here: Backend;
let there: BackendProcess;
/** The two instances' URLs, alternated by `nth`. */
let urls: [string, string];
const nth = (index: number): string => urls[index % 2] ?? urls[0];

before(async () => {
  here = await startBackend(LIMITS, { oauthTestProvider: { autoApprove: true } });
  // The same database, secrets and OAuth provider as `here`: what a second instance of the same deployment is
  // started with.
  there = await startBackendProcess(
    { ...LIMITS, ...here.database.env, ...here.secrets, OAUTH_TEST_PROVIDER_URL: here.oauth?.url ?? '' },
    { label: 'second backend' },
  );
  urls = [here.url, there.url];
});
after(async () => {
  // Both are unset when before() failed, and after() runs all the same.
  /* eslint-disable @typescript-eslint/no-unnecessary-condition -- see above */
  try {
    await there?.stop();
  } finally {
    await here?.stop();
  }
  /* eslint-enable @typescript-eslint/no-unnecessary-condition */
});

describe('two backend instances on one database', () => {
  test('share their data: an account made on one signs in on the other', async () => {
    const account = newAccount('twice');
    const made = await call(here.url, 'POST', '/api/auth/local/register', { body: account });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const me = await call(there.url, 'GET', '/api/users/me', { token: AuthResponseSchema.parse(made.body).jwt });
    assert.equal(me.status, 200);
    assert.equal(z.object({ email: z.string() }).parse(me.body).email, account.email);
  });

  test('enforce the auth rate limit as one', async () => {
    const attempt = (index: number) =>
      call(nth(index), 'POST', '/api/auth/local', {
        body: { identifier: 'nobody@example.com', password: 'Wrong-pass1' },
      });
    // Six wrong passwords, three on each instance: each alone is far from its limit of six.
    for (let index = 0; index < 6; index += 1) assert.equal((await attempt(index)).status, 400, `attempt ${index}`);
    for (const index of [6, 7]) {
      const refused = await attempt(index);
      assert.equal(refused.status, 429, `attempt ${index} on instance ${index % 2}`);
      assert.equal(ErrorResponseSchema.parse(refused.body).error.name, 'RateLimitError');
    }
  });

  test("enforce the tutor's per-minute limit as one", async () => {
    const ask = (index: number) =>
      call(nth(index), 'POST', '/api/tutor/solve', {
        body: { tool: 'math-solver', question: `${index} + 1` },
        headers: { 'x-visitor-id': 'scale-out-visitor' },
      });
    for (let index = 0; index < 6; index += 1) assert.equal((await ask(index)).status, 200, `question ${index}`);
    for (const index of [6, 7]) {
      const refused = await ask(index);
      assert.equal(refused.status, 429, `question ${index} on instance ${index % 2}`);
      assert.match(ErrorResponseSchema.parse(refused.body).error.message, /Too many questions/);
    }
  });

  test('count the free daily questions as one', async () => {
    const student = AuthResponseSchema.parse(
      (await call(there.url, 'POST', '/api/auth/local/register', { body: newAccount('quota') })).body,
    );
    const created = await call(here.url, 'POST', '/api/conversations', {
      token: student.jwt,
      body: { tool: 'math-solver' },
    });
    assert.equal(created.status, 201);
    const id = z.object({ data: z.object({ documentId: z.string() }) }).parse(created.body).data.documentId;
    const send = async (index: number): Promise<number> => {
      const res = await fetch(`${nth(index)}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${student.jwt}` },
        body: JSON.stringify({ text: `${index} + 2` }),
      });
      await res.text();
      return res.status;
    };
    for (let index = 0; index < 4; index += 1) assert.equal(await send(index), 200, `question ${index}`);
    assert.equal(await send(4), 429, 'the fifth question, on the first instance');
    assert.equal(await send(5), 429, 'and on the second');
    // Deleting the conversation does not give questions back.
    assert.equal((await call(there.url, 'DELETE', `/api/conversations/${id}`, { token: student.jwt })).status, 200);
    const again = await call(here.url, 'POST', '/api/conversations', {
      token: student.jwt,
      body: { tool: 'math-solver' },
    });
    const next = z.object({ data: z.object({ documentId: z.string() }) }).parse(again.body).data.documentId;
    const refused = await fetch(`${there.url}/api/conversations/${next}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${student.jwt}` },
      body: JSON.stringify({ text: '1 + 1' }),
    });
    assert.equal(refused.status, 429);
  });

  test("use a social sign-in's handoff token once, whichever instance the site's return page reaches", async () => {
    const provider = 'studyease-test';
    const nonce = randomBytes(24).toString('base64url');
    const { final } = await createBrowser().navigate(
      `${here.url}/api/connect/${provider}?nonce=${nonce}`,
      (url) => url.origin === new URL(TEST_SITE_URL).origin,
    );
    const token = final.searchParams.get('access_token');
    assert.ok(token, `no access_token in ${final.href}`);
    const exchange = (url: string) =>
      fetch(`${url}/api/auth/${provider}/callback?access_token=${encodeURIComponent(token)}&nonce=${nonce}`, {
        headers: { accept: 'application/json' },
      });
    const first = await exchange(there.url);
    assert.equal(first.status, 200, await first.clone().text());
    AuthResponseSchema.parse(await first.json());
    const again = await exchange(here.url);
    assert.equal(again.status, 400);
    assert.match(ErrorResponseSchema.parse(await again.json()).error.message, /Invalid or expired access_token/);
  });
});
