// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AuthApi, AuthResponse, User } from '@/lib/api/auth';
import { ApiError } from '@/lib/api/errors';
import { jwtExpiry, readSessionToken } from '@/lib/sessionCookie';
import {
  $sessionUnreachable,
  $token,
  $user,
  fetchUser,
  login,
  logout,
  logoutEverywhere,
  register,
  setAuthApi,
  startSession,
} from '@/stores/session';

const user: User = { id: 1, username: 'ada', email: 'ada@example.test' };
// A JWT whose payload is {"id":1,"exp":4102444800} (1 January 2100).
const JWT = `x.${btoa(JSON.stringify({ id: 1, exp: 4102444800 }))}.y`;

function fakeApi(overrides: Partial<AuthApi> = {}): AuthApi {
  const ok = (response: AuthResponse) => vi.fn(() => Promise.resolve(response));
  return {
    me: vi.fn(() => Promise.resolve(user)),
    login: ok({ jwt: JWT, user }),
    register: ok({ jwt: JWT, user }),
    forgotPassword: vi.fn(() => Promise.resolve({ ok: true })),
    resetPassword: ok({ jwt: JWT, user }),
    changePassword: ok({ jwt: JWT, user }),
    sendEmailConfirmation: vi.fn(() => Promise.resolve({ sent: true })),
    confirmEmail: vi.fn(() => Promise.resolve(undefined)),
    providerCallback: ok({ jwt: JWT, user }),
    logoutEverywhere: vi.fn(() => Promise.resolve({ ok: true })),
    ...overrides,
  };
}

beforeEach(() => {
  document.cookie = 'studyease_jwt=; Max-Age=0; Path=/';
  $token.set(null);
});

afterEach(() => {
  cleanStores($token, $user);
});

describe('login', () => {
  test('stores the jwt in the cookie, then fetches the user', async () => {
    const api = fakeApi();
    setAuthApi(api);
    await login({ identifier: 'ada', password: 'secret123' });
    expect(readSessionToken()).toBe(JWT);
    expect($token.get()).toBe(JWT);
    expect($user.get()).toEqual(user);
    expect(api.me).toHaveBeenCalledOnce();
  });

  test('clears an earlier token before calling the backend, and keeps none on failure', async () => {
    const failure = new ApiError({
      error: 'ValidationError',
      message: 'Invalid identifier or password',
      statusCode: 400,
    });
    setAuthApi(fakeApi({ login: vi.fn(() => Promise.reject(failure)) }));
    $token.set('old');
    document.cookie = 'studyease_jwt=old; Path=/';
    await expect(login({ identifier: 'ada', password: 'wrong' })).rejects.toBe(failure);
    expect(readSessionToken()).toBeNull();
    expect($user.get()).toBeNull();
  });
});

describe('register', () => {
  test('signs nobody in when the backend waits for email confirmation', async () => {
    const api = fakeApi({ register: vi.fn(() => Promise.resolve({ user })) });
    setAuthApi(api);
    const response = await register({ username: 'ada', email: 'ada@example.test', password: 'secret123' });
    expect(response.jwt).toBeUndefined();
    expect($token.get()).toBeNull();
    expect(api.me).not.toHaveBeenCalled();
  });
});

describe('fetchUser', () => {
  test('clears the token silently when the backend refuses it', async () => {
    const refused = new ApiError({
      error: 'UnauthorizedError',
      message: 'Missing or invalid credentials',
      statusCode: 401,
    });
    setAuthApi(fakeApi({ me: vi.fn(() => Promise.reject(refused)) }));
    $token.set('expired');
    document.cookie = 'studyease_jwt=expired; Path=/';
    await expect(fetchUser()).resolves.toBeNull();
    expect($token.get()).toBeNull();
    expect(readSessionToken()).toBeNull();
  });
});

describe('fetchUser without an answer', () => {
  test('keeps the token when the answer is cut off (the page is being left) or the backend fails', async () => {
    for (const failure of [
      new TypeError('network error'),
      new DOMException('The user aborted a request.', 'AbortError'),
      new ApiError({ error: 'InternalServerError', message: 'boom', statusCode: 500 }),
    ]) {
      setAuthApi(fakeApi({ me: vi.fn(() => Promise.reject(failure)) }));
      $token.set(JWT);
      document.cookie = `studyease_jwt=${JWT}; Path=/`;
      await expect(fetchUser()).resolves.toBeNull();
      expect(readSessionToken()).toBe(JWT);
      expect($sessionUnreachable.get()).toBe(true);
    }
  });

  test('keeps the token when the backend cannot be reached', async () => {
    const unreachable = new ApiError({ error: 'UnknownError', message: 'Failed to fetch', statusCode: 500 });
    setAuthApi(fakeApi({ me: vi.fn(() => Promise.reject(unreachable)) }));
    $token.set(JWT);
    document.cookie = `studyease_jwt=${JWT}; Path=/`;
    await expect(fetchUser()).resolves.toBeNull();
    expect(readSessionToken()).toBe(JWT);
    expect($sessionUnreachable.get()).toBe(true);
  });
});

describe('startSession', () => {
  test('makes no call without a token', async () => {
    const api = fakeApi();
    setAuthApi(api);
    await startSession();
    expect(api.me).not.toHaveBeenCalled();
  });

  test('fetches the user when a token is stored', async () => {
    const api = fakeApi();
    setAuthApi(api);
    document.cookie = `studyease_jwt=${JWT}; Path=/`;
    await startSession();
    expect($user.get()).toEqual(user);
  });
});

describe('logout', () => {
  test('clears token and user', async () => {
    setAuthApi(fakeApi());
    await login({ identifier: 'ada', password: 'secret123' });
    logout();
    expect($token.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect(readSessionToken()).toBeNull();
  });
});

describe('logoutEverywhere', () => {
  test('asks the backend to end every session, then signs out here', async () => {
    const api = fakeApi();
    setAuthApi(api);
    await login({ identifier: 'ada', password: 'secret123' });
    await logoutEverywhere();
    expect(api.logoutEverywhere).toHaveBeenCalledOnce();
    expect($token.get()).toBeNull();
    expect(readSessionToken()).toBeNull();
  });

  test('keeps this device signed in when the backend could not end them', async () => {
    setAuthApi(
      fakeApi({
        logoutEverywhere: vi.fn(() =>
          Promise.reject(new ApiError({ statusCode: 503, error: 'ServiceUnavailableError', message: 'down' })),
        ),
      }),
    );
    await login({ identifier: 'ada', password: 'secret123' });
    await expect(logoutEverywhere()).rejects.toThrow('down');
    expect($token.get()).toBe(JWT);
  });
});

describe('jwtExpiry', () => {
  test("reads the token's exp claim", () => {
    expect(jwtExpiry(JWT)?.toISOString()).toBe('2100-01-01T00:00:00.000Z');
    expect(jwtExpiry('not-a-jwt')).toBeNull();
  });
});
