import { afterEach, describe, expect, test, vi } from 'vitest';
import { SESSION_COOKIE } from '@/config';
import { writeSessionToken } from '@/lib/sessionCookie';

/** What js-cookie assigns to `document.cookie`, on a page served over `protocol`. */
function cookieWritten(protocol: 'http:' | 'https:', token: string): string {
  const written: string[] = [];
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    get cookie() {
      return '';
    },
    set cookie(value: string) {
      written.push(value);
    },
  });
  writeSessionToken(token);
  expect(written).toHaveLength(1);
  return written[0] ?? '';
}

const token = (payload: Record<string, unknown>) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify(payload))}.signature`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('writeSessionToken', () => {
  test('SameSite Lax, Secure over HTTPS, for the jwt’s lifetime', () => {
    const exp = Math.floor(Date.UTC(2030, 0, 1) / 1000);
    const cookie = cookieWritten('https:', token({ id: 1, exp }));
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE.name}=`));
    expect(cookie).toMatch(/; sameSite=Lax/i);
    expect(cookie).toMatch(/; secure/i);
    expect(cookie).toContain(`; expires=${new Date(exp * 1000).toUTCString()}`);
    expect(cookie).not.toMatch(/httponly/i);
  });

  test('not Secure over plain HTTP (local development), still SameSite Lax', () => {
    const cookie = cookieWritten('http:', token({ id: 1 }));
    expect(cookie).toMatch(/; sameSite=Lax/i);
    expect(cookie).not.toMatch(/; secure/i);
  });
});
