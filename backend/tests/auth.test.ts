import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AuthResponseSchema, ErrorResponseSchema, UserSchema, call, newAccount } from './support/api.ts';
import { TEST_EMAIL_FROM, TEST_SITE_URL, startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend();
});
after(async () => {
  await backend.stop();
});

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
  call(backend.url, method, path, options);

const register = async (account = newAccount()) => {
  const res = await api('POST', '/api/auth/local/register', { body: account });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { account, ...AuthResponseSchema.parse(res.body) };
};

const errorMessage = (body: unknown): string => ErrorResponseSchema.parse(body).error.message;

describe('POST /api/auth/local/register', () => {
  test('answers { jwt, user } for a new account, confirmed because confirmation is off', async () => {
    const { account, user } = await register();
    assert.equal(user.email, account.email);
    assert.equal(user.username, account.username);
    assert.equal(user.confirmed, true);
  });

  test('refuses an email that is already taken', async () => {
    const { account } = await register();
    const res = await api('POST', '/api/auth/local/register', {
      body: { ...newAccount(), email: account.email },
    });
    assert.equal(res.status, 400);
    assert.equal(errorMessage(res.body), 'Email or Username are already taken');
  });

  test('does not let the client choose its role or confirmation', async () => {
    const res = await api('POST', '/api/auth/local/register', { body: { ...newAccount(), role: 1, confirmed: true } });
    assert.equal(res.status, 400);
  });
});

describe('POST /api/auth/local', () => {
  test('signs in with the email or the username', async () => {
    const { account, user } = await register();
    for (const identifier of [account.email, account.username]) {
      const res = await api('POST', '/api/auth/local', { body: { identifier, password: account.password } });
      assert.equal(res.status, 200);
      assert.equal(AuthResponseSchema.parse(res.body).user.id, user.id);
    }
  });

  test("answers 400 with Strapi's message for a wrong password", async () => {
    const { account } = await register();
    const res = await api('POST', '/api/auth/local', { body: { identifier: account.email, password: 'Wrong-pass1' } });
    assert.equal(res.status, 400);
    assert.equal(errorMessage(res.body), 'Invalid identifier or password');
  });

  test('answers the same for an unknown account', async () => {
    const res = await api('POST', '/api/auth/local', {
      body: { identifier: 'nobody@example.com', password: 'x1234567' },
    });
    assert.equal(res.status, 400);
    assert.equal(errorMessage(res.body), 'Invalid identifier or password');
  });
});

describe('GET /api/users/me', () => {
  test('answers the signed-in user', async () => {
    const { jwt, user } = await register();
    const res = await api('GET', '/api/users/me', { token: jwt });
    assert.equal(res.status, 200);
    const me = UserSchema.parse(res.body);
    assert.equal(me.id, user.id);
    assert.ok(!('password' in (res.body as object)), 'the password hash is never sent');
  });

  test('is forbidden without a token', async () => {
    const res = await api('GET', '/api/users/me');
    assert.equal(res.status, 403);
  });

  test('is unauthorized with a forged token', async () => {
    const res = await api('GET', '/api/users/me', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.forged' });
    assert.equal(res.status, 401);
  });
});

describe('forgot and reset password', () => {
  const resetLink = /https?:\/\/[^\s"<>]+\/auth\/reset-passwrod\?code=([0-9a-f]+)/;

  const requestReset = async (email: string) => {
    await backend.mail.clear();
    const res = await api('POST', '/api/auth/forgot-password', { body: { email } });
    assert.equal(res.status, 200);
    const mail = await backend.mail.waitFor((m) => m.to.includes(email));
    const match = resetLink.exec(mail.text);
    assert.ok(match?.[1], `no reset link in: ${mail.text}`);
    return { mail, link: match[0], code: match[1] };
  };

  test("emails a link to the site's reset page, from StudyEase, with a plain-text part", async () => {
    const { account } = await register();
    const { mail, link } = await requestReset(account.email);
    assert.ok(link.startsWith(`${TEST_SITE_URL}/auth/reset-passwrod?code=`), link);
    assert.equal(mail.from, `"StudyEase" <${TEST_EMAIL_FROM}>`);
    assert.match(mail.subject, /StudyEase/);
    assert.doesNotMatch(mail.text, /<[a-z]/i, 'the text part has no HTML tags');
    assert.match(mail.html, /<a href="http:\/\/site\.test:4321\/auth\/reset-passwrod\?code=/);
  });

  test('answers the same, and sends nothing, for an unknown address', async () => {
    await backend.mail.clear();
    const res = await api('POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.com' } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { ok: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await backend.mail.messages()).length, 0);
  });

  test('the code resets the password once and signs in', async () => {
    const { account, user } = await register();
    const { code } = await requestReset(account.email);
    const body = { code, password: 'Brand-new-pass2', passwordConfirmation: 'Brand-new-pass2' };

    const reset = await api('POST', '/api/auth/reset-password', { body });
    assert.equal(reset.status, 200);
    assert.equal(AuthResponseSchema.parse(reset.body).user.id, user.id);

    const again = await api('POST', '/api/auth/reset-password', { body });
    assert.equal(again.status, 400);
    assert.equal(errorMessage(again.body), 'Incorrect code provided');

    const oldLogin = await api('POST', '/api/auth/local', {
      body: { identifier: account.email, password: account.password },
    });
    assert.equal(oldLogin.status, 400);
    const newLogin = await api('POST', '/api/auth/local', {
      body: { identifier: account.email, password: body.password },
    });
    assert.equal(newLogin.status, 200);
  });

  test('refuses two different new passwords', async () => {
    const { account } = await register();
    const { code } = await requestReset(account.email);
    const res = await api('POST', '/api/auth/reset-password', {
      body: { code, password: 'Brand-new-pass2', passwordConfirmation: 'Other-pass3' },
    });
    assert.equal(res.status, 400);
    assert.equal(errorMessage(res.body), 'Passwords do not match');
  });
});

describe('POST /api/auth/change-password', () => {
  test('changes the password of the signed-in user', async () => {
    const { account, jwt } = await register();
    const password = 'Changed-pass3';
    const res = await api('POST', '/api/auth/change-password', {
      token: jwt,
      body: { currentPassword: account.password, password, passwordConfirmation: password },
    });
    assert.equal(res.status, 200);
    AuthResponseSchema.parse(res.body);
    const login = await api('POST', '/api/auth/local', { body: { identifier: account.email, password } });
    assert.equal(login.status, 200);
  });

  test('refuses a wrong current password', async () => {
    const { jwt } = await register();
    const res = await api('POST', '/api/auth/change-password', {
      token: jwt,
      body: { currentPassword: 'Wrong-pass1', password: 'Changed-pass3', passwordConfirmation: 'Changed-pass3' },
    });
    assert.equal(res.status, 400);
    assert.equal(errorMessage(res.body), 'The provided current password is invalid');
  });

  test('is forbidden without a token', async () => {
    const res = await api('POST', '/api/auth/change-password', {
      body: { currentPassword: 'x', password: 'Changed-pass3', passwordConfirmation: 'Changed-pass3' },
    });
    assert.equal(res.status, 403);
  });
});

describe('POST /api/auth/send-email-confirmation', () => {
  // User enumeration (issue #11): "Already confirmed" for a known address and { sent: true } for an unknown one
  // told an attacker which addresses have accounts.
  test('answers a confirmed account exactly as an unknown address, with or without a token, and sends nothing', async () => {
    const { account, jwt } = await register();
    await backend.mail.clear();
    const unknownEmail = `nobody.${Date.now()}@example.com`;
    const unknown = await api('POST', '/api/auth/send-email-confirmation', { body: { email: unknownEmail } });
    assert.deepEqual([unknown.status, unknown.body], [200, { email: unknownEmail, sent: true }]);
    for (const token of [undefined, jwt]) {
      const res = await api('POST', '/api/auth/send-email-confirmation', {
        body: { email: account.email },
        ...(token === undefined ? {} : { token }),
      });
      assert.deepEqual([res.status, res.body], [200, { email: account.email.toLowerCase(), sent: true }]);
    }
    // The work after the answer: a later mail proves the queue ran; none of it went to these two addresses.
    await api('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    await backend.mail.waitFor((m) => m.to.includes(account.email.toLowerCase()));
    assert.equal(
      (await backend.mail.messages()).some((m) => /Confirm/.test(m.subject)),
      false,
    );
  });
});
