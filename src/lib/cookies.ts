/**
 * Minimal cookie helpers for the static pages' one script, where each byte counts (the signed-in app and the
 * session token use js-cookie, see lib/sessionCookie.ts).
 */

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
  secure?: boolean;
}

/** @returns the decoded value of the cookie, if set */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  const prefix = `${name}=`;
  const raw = cookies
    .split(/;\s*/)
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The cookie text for `document.cookie`: always SameSite Lax, Secure when asked. */
export function cookieString(
  name: string,
  value: string,
  { maxAgeSeconds, path = '/', secure = false }: CookieOptions,
): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${path}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  document.cookie = cookieString(name, value, { secure: location.protocol === 'https:', ...options });
}

export function deleteCookie(name: string, path = '/'): void {
  document.cookie = cookieString(name, '', { maxAgeSeconds: 0, path });
}
