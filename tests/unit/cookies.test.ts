import { describe, expect, test } from 'vitest';
import { cookieString, readCookie } from '@/lib/cookies';

describe('cookieString', () => {
  test('lasts the given time on path / with SameSite Lax', () => {
    expect(cookieString('studyease_locale', 'en', { maxAgeSeconds: 365 * 86_400 })).toBe(
      'studyease_locale=en; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    expect(cookieString('a', 'b', { maxAgeSeconds: 1, secure: true })).toMatch(/; Secure$/);
  });

  test('encodes the value', () => {
    expect(cookieString('r', '/app?q=a b;c', { maxAgeSeconds: 1 })).toContain('r=%2Fapp%3Fq%3Da%20b%3Bc;');
  });
});

describe('readCookie', () => {
  test('finds and decodes one cookie among others', () => {
    expect(readCookie('r', 'a=1; r=%2Fapp%3Fq%3D1; b=2')).toBe('/app?q=1');
    expect(readCookie('studyease_locale', 'studyease_locale=en')).toBe('en');
    expect(readCookie('missing', 'a=1')).toBeUndefined();
  });

  test('does not match a cookie whose name only ends the same', () => {
    expect(readCookie('jwt', 'studyease_jwt=x')).toBeUndefined();
  });
});
