// Attacks on the sign-in: foreign origins, tampered tokens, reused reset codes, telling accounts apart.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { AuthResponseSchema, ErrorResponseSchema, call, newAccount } from './support/api.ts';
import { TEST_SITE_URL, startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend();
});
after(async () => {
  await backend.stop();
});

const api = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
  call(backend.url, method, path, options);

const register = async (account = newAccount('hardening')) => {
  const res = await api('POST', '/api/auth/local/register', { body: account });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { account, ...AuthResponseSchema.parse(res.body) };
};

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

/** An HS256 token over `payload`, signed with `secret`. */
const sign = (payload: Record<string, unknown>, secret: string): string => {
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

describe('CORS', () => {
  test('a foreign origin gets no Access-Control-Allow-Origin or credentials, on a real request too', async () => {
    const { jwt } = await register();
    const res = await api('GET', '/api/users/me', { token: jwt, headers: { origin: 'https://evil.example' } });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
    assert.equal(res.headers.get('access-control-allow-credentials'), null);
  });

  test("the site's origin gets both", async () => {
    const { jwt } = await register();
    const res = await api('GET', '/api/users/me', { token: jwt, headers: { origin: TEST_SITE_URL } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), TEST_SITE_URL);
    assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
  });
});

describe('tampered tokens are refused with 401', () => {
  test('a valid token works (the baseline)', async () => {
    const { jwt } = await register();
    assert.equal((await api('GET', '/api/users/me', { token: jwt })).status, 200);
  });

  test('an edited payload (another user id), signature kept', async () => {
    const victim = await register();
    const attacker = await register();
    const [header = '', payload = '', signature = ''] = attacker.jwt.split('.');
    const edited = `${header}.${base64url({ ...decode(payload), id: victim.user.id })}.${signature}`;
    assert.equal((await api('GET', '/api/users/me', { token: edited })).status, 401);
  });

  test('alg "none", unsigned', async () => {
    const { jwt } = await register();
    const payload = decode(jwt.split('.')[1] ?? '');
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
    assert.equal((await api('GET', '/api/users/me', { token: unsigned })).status, 401);
  });

  test('signed with another secret', async () => {
    const { user } = await register();
    const now = Math.floor(Date.now() / 1000);
    const token = sign({ id: user.id, iat: now, exp: now + 3600 }, 'not-the-server-secret');
    assert.equal((await api('GET', '/api/users/me', { token })).status, 401);
  });

  test('expired, though signed with the right secret', async () => {
    const { user } = await register();
    const now = Math.floor(Date.now() / 1000);
    const secret = backend.secrets['JWT_SECRET'] ?? '';
    assert.notEqual(secret, '');
    const fresh = sign({ id: user.id, iat: now, exp: now + 3600 }, secret);
    assert.equal((await api('GET', '/api/users/me', { token: fresh })).status, 200, 'the forging itself works');
    const expired = sign({ id: user.id, iat: now - 7200, exp: now - 3600 }, secret);
    assert.equal((await api('GET', '/api/users/me', { token: expired })).status, 401);
  });
});

describe('password reset', () => {
  const resetCode = /\/auth\/reset-passwrod\?code=([0-9a-f]+)/;
  const requestReset = async (email: string): Promise<string> => {
    await backend.mail.clear();
    assert.equal((await api('POST', '/api/auth/forgot-password', { body: { email } })).status, 200);
    const mail = await backend.mail.waitFor((m) => m.to.includes(email));
    const code = resetCode.exec(mail.text)?.[1];
    assert.ok(code, mail.text);
    return code;
  };

  test('a code works once; an older code stops working when a new one is sent', async () => {
    const { account } = await register();
    const first = await requestReset(account.email);
    const second = await requestReset(account.email);
    const body = (code: string, password: string) => ({ code, password, passwordConfirmation: password });

    const stale = await api('POST', '/api/auth/reset-password', { body: body(first, 'Brand-new-pass2') });
    assert.equal(stale.status, 400);
    const used = await api('POST', '/api/auth/reset-password', { body: body(second, 'Brand-new-pass2') });
    assert.equal(used.status, 200);
    const reused = await api('POST', '/api/auth/reset-password', { body: body(second, 'Other-new-pass3') });
    assert.equal(reused.status, 400);
    assert.equal(ErrorResponseSchema.parse(reused.body).error.message, 'Incorrect code provided');
  });
});

describe('user enumeration', () => {
  test('forgot-password answers the same for a known and an unknown email', async () => {
    const { account } = await register();
    const known = await api('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const unknown = await api('POST', '/api/auth/forgot-password', { body: { email: 'nobody.at.all@example.com' } });
    assert.equal(known.status, unknown.status);
    assert.deepEqual(known.body, unknown.body);
  });

  test('sign-in answers the same for a wrong password and an unknown account', async () => {
    const { account } = await register();
    const wrong = await api('POST', '/api/auth/local', {
      body: { identifier: account.email, password: 'Wrong-pass9' },
    });
    const unknown = await api('POST', '/api/auth/local', {
      body: { identifier: 'nobody.at.all@example.com', password: 'Wrong-pass9' },
    });
    assert.equal(wrong.status, unknown.status);
    assert.deepEqual(wrong.body, unknown.body);
  });

  // Strapi's users-permissions plugin says so on registration, for a taken email or username alike: the sign-up
  // form has to tell the student, so this one answer does reveal that an address has an account (documented in
  // backend/README.md; the sign-in rate limit also covers registration).
  test('register with a taken email says Strapi\'s "Email or Username are already taken"', async () => {
    const { account } = await register();
    const res = await api('POST', '/api/auth/local/register', {
      body: { ...newAccount('hardening'), email: account.email },
    });
    assert.equal(res.status, 400);
    assert.equal(ErrorResponseSchema.parse(res.body).error.message, 'Email or Username are already taken');
  });
});
