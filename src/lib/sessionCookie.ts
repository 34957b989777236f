import Cookies from 'js-cookie';
import { SESSION_COOKIE } from '@/config';

/**
 * When the jwt expires, read from its payload; the cookie lives exactly as long as the token is valid.
 * @returns the expiry, or null when the token carries none (or cannot be read)
 */
export function jwtExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (json && typeof json === 'object' && 'exp' in json && typeof json.exp === 'number') {
      return new Date(json.exp * 1000);
    }
  } catch {
    // Not a readable JWT: fall back to the configured lifetime.
  }
  return null;
}

/** @returns the stored jwt, or null (also outside a browser) */
export function readSessionToken(): string | null {
  if (typeof document === 'undefined') return null;
  return Cookies.get(SESSION_COOKIE.name) ?? null;
}

/** Stores the jwt in the session cookie: SameSite Lax, Secure over HTTPS, for the jwt's lifetime. */
export function writeSessionToken(token: string): void {
  Cookies.set(SESSION_COOKIE.name, token, {
    expires: jwtExpiry(token) ?? SESSION_COOKIE.fallbackDays,
    path: SESSION_COOKIE.path,
    sameSite: SESSION_COOKIE.sameSite,
    secure: location.protocol === 'https:',
  });
}

export function clearSessionToken(): void {
  Cookies.remove(SESSION_COOKIE.name, { path: SESSION_COOKIE.path });
}
