import { atom } from 'nanostores';
import { type AuthApi, type AuthResponse, authApi, type User } from '@/lib/api/auth';
import { ApiError } from '@/lib/api/errors';
import { clearSessionToken, readSessionToken, writeSessionToken } from '@/lib/sessionCookie';

/** The jwt (mirrors the session cookie) and the signed-in user (spec §3, §4). */
export const $token = atom<string | null>(readSessionToken());
export const $user = atom<User | null>(null);

let auth: AuthApi = authApi;
/** Tests swap the backend calls. */
export function setAuthApi(next: AuthApi): void {
  auth = next;
}

function setToken(token: string | null): void {
  if (token) writeSessionToken(token);
  else clearSessionToken();
  $token.set(token);
}

/** True when the last current-user call got no answer (backend unreachable, page unloading): the token is kept. */
export const $sessionUnreachable = atom(false);

/**
 * Loads the current user when a token exists. When the backend refuses the token (expired, revoked, forged) the
 * token is cleared silently: the visitor is simply signed out (spec §8). When there is no answer at all (the
 * backend is down, or the page is being left mid-request), the token is kept: an outage or a quick click must
 * not sign anybody out.
 * @returns the user, or null
 */
export async function fetchUser(): Promise<User | null> {
  if (!$token.get()) return null;
  try {
    const user = await auth.me();
    $user.set(user);
    $sessionUnreachable.set(false);
    return user;
  } catch (error) {
    // Only the backend's own refusal of the token (401/403) signs out. Anything else keeps it: no answer, a 5xx, or
    // an answer cut off because the page is being left (its body then fails to read, which signed students out
    // when they reloaded and clicked on at once).
    const refused = error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403);
    $sessionUnreachable.set(!refused);
    if (refused) setToken(null);
    $user.set(null);
    return null;
  }
}

/**
 * The shared flow of every call that signs in (spec §4): clear any token, call the backend, store the jwt,
 * fetch the user. Registration with email confirmation on answers without a jwt: nobody is signed in then.
 */
async function signIn(call: () => Promise<AuthResponse>): Promise<AuthResponse> {
  setToken(null);
  $user.set(null);
  const response = await call();
  if (response.jwt) {
    setToken(response.jwt);
    await fetchUser();
  }
  return response;
}

export const login = (...args: Parameters<AuthApi['login']>) => signIn(() => auth.login(...args));
export const register = (...args: Parameters<AuthApi['register']>) => signIn(() => auth.register(...args));
export const resetPassword = (...args: Parameters<AuthApi['resetPassword']>) =>
  signIn(() => auth.resetPassword(...args));
export const providerCallback = (...args: Parameters<AuthApi['providerCallback']>) =>
  signIn(() => auth.providerCallback(...args));

/** Changes the password; Strapi answers with a fresh jwt, which replaces the old one. */
export async function changePassword(...args: Parameters<AuthApi['changePassword']>): Promise<void> {
  const response = await auth.changePassword(...args);
  if (response.jwt) setToken(response.jwt);
}

/** Signs out on this device; the token stays valid elsewhere until it expires or logoutEverywhere ends it. */
export function logout(): void {
  setToken(null);
  $user.set(null);
}

/**
 * Ends every session of the account, on every device (a stolen or forgotten token included), then signs out here.
 * @throws {import('@/lib/api/errors').ApiError} when the backend could not end them; this device stays signed in
 */
export async function logoutEverywhere(): Promise<void> {
  await auth.logoutEverywhere();
  logout();
}

let starting: Promise<User | null> | null = null;

/**
 * At start: fetch the user only if none is loaded and a token exists; with no token, no call (spec §4).
 * Islands that start together (header account block, app shell) share one call.
 */
export function startSession(): Promise<User | null> {
  if ($user.get()) return Promise.resolve($user.get());
  $token.set(readSessionToken());
  starting ??= fetchUser().finally(() => {
    starting = null;
  });
  return starting;
}
