import { atom } from 'nanostores';
import { AUTH_REDIRECT_COOKIE } from '@/config';
import { deleteCookie, readCookie, writeCookie } from '@/lib/cookies';
import type { KeyValueStorage } from '@/lib/storage';

/**
 * Where to return after signing in or up (spec §3, §4): the full path the visitor was on when they went to the
 * auth pages. Kept in a cookie for a day, so it survives the round trip through an email link or a social
 * provider, in any tab, and then goes stale.
 */
export const $authRedirect = atom<string | null>(null);

const KEY = AUTH_REDIRECT_COOKIE.name;

/** The cookie behind the store, seen through the storage interface so tests can pass an in-memory one. */
const cookieStorage: KeyValueStorage = {
  getItem: (key) => readCookie(key) ?? null,
  setItem: (key, value) => {
    writeCookie(key, value, { maxAgeSeconds: AUTH_REDIRECT_COOKIE.days * 86_400 });
  },
  removeItem: (key) => {
    deleteCookie(key);
  },
};

const MAX_LENGTH = 2048;

/**
 * Accepts only same-site paths, so a crafted value can never send the user to another origin
 * (`//evil.example`, `/\evil.example`, `/.//evil.example`, `https://…`, `javascript:`), nor back into the auth
 * pages (`/auth/…`, also encoded as `/%61uth/…`).
 * @param value a candidate path such as `/app/math-solver?q=1`
 * @returns the path, or null when it is not a safe place to return to
 */
export function sanitizeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // An encoded second slash or backslash (`/%2F%2Fevil.test`) is refused too: a router along the way may decode it.
  if (/^\/%(2f|5c)/i.test(value)) return null;
  // Control characters (tab, newline) are stripped by URL parsers and could hide a second slash.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this check.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://studyease.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://studyease.invalid') return null;
  // Dot segments fold away while parsing: `/.//evil.example` and `/app/..//evil.example` come out as
  // `//evil.example`, another site once assigned to `location` (issue #11). The result is checked, not the input.
  if (/^\/[/\\]/.test(url.pathname)) return null;
  if (/^\/auth(\/|$)/i.test(decodedPath(url.pathname))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path as the site server will look it up (decoded once), or as it is when it does not decode. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Saves the current full path before going to sign-in or sign-up. Unsafe paths are ignored, keeping any
 * earlier value.
 * @returns the saved path, or null when nothing was saved
 */
export function saveAuthRedirect(fullPath: string, storage: KeyValueStorage = cookieStorage): string | null {
  const safe = sanitizeRedirect(fullPath);
  if (safe === null) return null;
  storage.setItem(KEY, safe);
  $authRedirect.set(safe);
  return safe;
}

/** @returns the saved path, re-validated on the way out (storage can be edited by hand), or null */
export function readAuthRedirect(storage: KeyValueStorage = cookieStorage): string | null {
  const value = sanitizeRedirect(storage.getItem(KEY));
  $authRedirect.set(value);
  return value;
}

/**
 * Reads and forgets the saved path: used once, after a successful sign-in.
 * @returns the path to go to, `/app` when nothing usable was saved
 */
export function consumeAuthRedirect(storage: KeyValueStorage = cookieStorage): string {
  const value = readAuthRedirect(storage);
  storage.removeItem(KEY);
  $authRedirect.set(null);
  return value ?? '/app';
}
