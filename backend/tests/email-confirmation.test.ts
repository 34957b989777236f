// The same backend with EMAIL_CONFIRMATION=true: register sends a confirmation email instead of signing in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { AuthResponseSchema, ErrorResponseSchema, UserSchema, call, newAccount } from './support/api.ts';
import { TEST_SITE_URL, startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend({ EMAIL_CONFIRMATION: 'true' });
});
after(async () => {
  await backend.stop();
});

const confirmationLink = /https?:\/\/[^\s"<>]+\/auth\/email-confirmation\?confirmation=([0-9a-f]+)/;

/** Registers an account and returns it with the code from the confirmation email. */
const registerUnconfirmed = async () => {
  const account = newAccount();
  const res = await call(backend.url, 'POST', '/api/auth/local/register', { body: account });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const mail = await backend.mail.waitFor((m) => m.to.includes(account.email));
  const match = confirmationLink.exec(mail.text);
  assert.ok(match?.[1], `no confirmation link in: ${mail.text}`);
  return { account, body: res.body, mail, link: match[0], code: match[1] };
};

const login = (account: { email: string; password: string }) =>
  call(backend.url, 'POST', '/api/auth/local', { body: { identifier: account.email, password: account.password } });

describe('register with email confirmation on', () => {
  test("answers the user without a jwt and emails a link to the site's confirmation page", async () => {
    const { body, link, mail } = await registerUnconfirmed();
    const parsed = z.object({ user: UserSchema }).strict().parse(body);
    assert.equal(parsed.user.confirmed, false);
    assert.ok(link.startsWith(`${TEST_SITE_URL}/auth/email-confirmation?confirmation=`), link);
    assert.match(mail.subject, /StudyEase/);
    assert.doesNotMatch(mail.text, /<[a-z]/i);
  });

  test('sign-in is refused until the email is confirmed', async () => {
    const { account } = await registerUnconfirmed();
    const res = await login(account);
    assert.equal(res.status, 400);
    assert.equal(ErrorResponseSchema.parse(res.body).error.message, 'Your account email is not confirmed');
  });
});

describe('GET /api/auth/email-confirmation', () => {
  test("asked for JSON (the site's page), confirms, answers { jwt, user } and the code is spent", async () => {
    const { account, code } = await registerUnconfirmed();
    const path = `/api/auth/email-confirmation?confirmation=${code}`;

    const res = await call(backend.url, 'GET', path);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { jwt } = AuthResponseSchema.parse(res.body);
    const me = await call(backend.url, 'GET', '/api/users/me', { token: jwt });
    assert.equal(UserSchema.parse(me.body).confirmed, true);
    assert.equal((await login(account)).status, 200);

    const again = await call(backend.url, 'GET', path);
    assert.equal(again.status, 400);
    assert.equal(ErrorResponseSchema.parse(again.body).error.message, 'Invalid token');
  });

  test("opened in a browser, confirms and redirects to the site's confirmation page", async () => {
    const { account, code } = await registerUnconfirmed();
    const res = await call(backend.url, 'GET', `/api/auth/email-confirmation?confirmation=${code}`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), `${TEST_SITE_URL}/auth/email-confirmation`);
    assert.equal((await login(account)).status, 200);
  });
});

describe('POST /api/auth/send-email-confirmation', () => {
  test('sends a new link that works', async () => {
    const { account } = await registerUnconfirmed();
    await backend.mail.clear();
    const res = await call(backend.url, 'POST', '/api/auth/send-email-confirmation', {
      body: { email: account.email },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { email: account.email, sent: true });
    const mail = await backend.mail.waitFor((m) => m.to.includes(account.email));
    const code = confirmationLink.exec(mail.text)?.[1];
    assert.ok(code);
    const confirm = await call(backend.url, 'GET', `/api/auth/email-confirmation?confirmation=${code}`);
    assert.equal(confirm.status, 200);
  });
});
