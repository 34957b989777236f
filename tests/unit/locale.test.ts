import { describe, expect, test } from 'vitest';
import { detectLocale, localeCookieString, localeHostMismatch, readLocaleCookie } from '@/lib/locale';

describe('detectLocale', () => {
  test('falls back to English for every input, the only locale', () => {
    expect(detectLocale({ routeLocale: 'zh', cookie: 'de', languages: ['fr-FR'] })).toBe('en');
    expect(detectLocale({ languages: ['en-GB'] })).toBe('en');
    expect(detectLocale({})).toBe('en');
  });
});

describe('localeCookieString', () => {
  test('lasts 365 days on path / with SameSite Lax', () => {
    expect(localeCookieString('en', false)).toBe('studyease_locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookieString('en', true)).toMatch(/; Secure$/);
  });
});

describe('readLocaleCookie', () => {
  test('finds the cookie among others', () => {
    expect(readLocaleCookie('a=1; studyease_locale=en; b=2')).toBe('en');
    expect(readLocaleCookie('a=1')).toBeUndefined();
  });
});

describe('localeHostMismatch', () => {
  test('compares hosts, including the port', () => {
    expect(localeHostMismatch('https://studyease.app/en', 'https://studyease.app')).toBe(false);
    expect(localeHostMismatch('https://cdn.example', 'https://studyease.app')).toBe(true);
    expect(localeHostMismatch('not a url', 'https://studyease.app')).toBe(true);
  });
});
