// The SMTP server is down (SMTP_PORT names a port nobody listens on), with email confirmation on: every call that
// sends an email answers 503 with a message that says so, in Strapi's error envelope, what needs no email still
// works, and the backend stays healthy. How the site words these answers: tests/e2e/faults.spec.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { ErrorResponseSchema, UserSchema, call, newAccount } from './support/api.ts';
import { freePort } from '../../tools/free-port.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

const REGISTER_MESSAGE =
  'Your account was created, but the confirmation email could not be sent right now. Sign in in a few minutes to get a new one.';
const EMAIL_MESSAGE = 'The email could not be sent right now. Please try again in a few minutes.';

let backend: Backend;
before(async () => {
  // A port that was free a moment ago: connections to it are refused.
  backend = await startBackend({ EMAIL_CONFIRMATION: 'true', SMTP_PORT: String(await freePort()) });
});
after(async () => {
  await backend.stop();
});

const assertMailUnavailable = (res: { status: number; body: unknown }, message: string): void => {
  assert.equal(res.status, 503, JSON.stringify(res.body));
  assert.deepEqual(ErrorResponseSchema.parse(res.body).error, {
    status: 503,
    name: 'ServiceUnavailableError',
    message,
  });
};

const assertHealthy = async (): Promise<void> => {
  assert.equal((await fetch(`${backend.url}/_health`)).status, 204);
  const plans = await call(backend.url, 'GET', '/api/plans');
  assert.equal(plans.status, 200);
};

describe('with the SMTP server down', () => {
  test('register says the account exists but its confirmation email could not be sent', async () => {
    const account = newAccount('nosmtp');
    assertMailUnavailable(
      await call(backend.url, 'POST', '/api/auth/local/register', { body: account }),
      REGISTER_MESSAGE,
    );

    // The account was created, unconfirmed, as the message says: registering again says it is taken, and signing
    // in says the email is not confirmed (the site then offers to resend the email).
    const again = await call(backend.url, 'POST', '/api/auth/local/register', { body: account });
    assert.equal(again.status, 400);
    assert.match(ErrorResponseSchema.parse(again.body).error.message, /already taken/);
    const login = await call(backend.url, 'POST', '/api/auth/local', {
      body: { identifier: account.email, password: account.password },
    });
    assert.equal(login.status, 400);
    assert.equal(ErrorResponseSchema.parse(login.body).error.message, 'Your account email is not confirmed');
    await assertHealthy();
  });

  test('resending the confirmation email and forgot-password say the email could not be sent, for any address', async () => {
    const account = newAccount('nosmtp');
    await call(backend.url, 'POST', '/api/auth/local/register', { body: account });

    // The same answer for an address with an account and one without (no user enumeration, issue #11).
    for (const email of [account.email, 'nobody-here@example.com']) {
      assertMailUnavailable(
        await call(backend.url, 'POST', '/api/auth/send-email-confirmation', { body: { email } }),
        EMAIL_MESSAGE,
      );
      assertMailUnavailable(
        await call(backend.url, 'POST', '/api/auth/forgot-password', { body: { email } }),
        EMAIL_MESSAGE,
      );
    }
    // Wrong input is still a 400 about the input, not a mail failure.
    const invalid = await call(backend.url, 'POST', '/api/auth/forgot-password', { body: { email: 'not-an-email' } });
    assert.equal(invalid.status, 400);
    await assertHealthy();
  });

  test('what needs no email keeps working: an admin-confirmed student signs in', async () => {
    const account = newAccount('nosmtp');
    await call(backend.url, 'POST', '/api/auth/local/register', { body: account });
    // As an admin would, in the admin panel (the support helper types only the queries other tests use).
    const users = backend.strapi.db.query('plugin::users-permissions.user') as unknown as {
      update(params: { where: Record<string, unknown>; data: Record<string, unknown> }): Promise<unknown>;
    };
    await users.update({ where: { email: account.email.toLowerCase() }, data: { confirmed: true } });
    const login = await call(backend.url, 'POST', '/api/auth/local', {
      body: { identifier: account.email, password: account.password },
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    assert.equal(z.object({ user: UserSchema }).parse(login.body).user.confirmed, true);
    await assertHealthy();
  });
});
