import { describe, expect, test } from 'vitest';
import { detectLocale, localeHostMismatch } from '@/lib/locale';

describe('detectLocale', () => {
  test('falls back to English for every input, the only locale', () => {
    expect(detectLocale({ routeLocale: 'zh', cookie: 'de', languages: ['fr-FR'] })).toBe('en');
    expect(detectLocale({ languages: ['en-GB'] })).toBe('en');
    expect(detectLocale({})).toBe('en');
  });
});

describe('localeHostMismatch', () => {
  test('compares hosts, including the port', () => {
    expect(localeHostMismatch('https://studyease.app/en', 'https://studyease.app')).toBe(false);
    expect(localeHostMismatch('https://cdn.example', 'https://studyease.app')).toBe(true);
    expect(localeHostMismatch('not a url', 'https://studyease.app')).toBe(true);
  });
});
