import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, test } from 'vitest';
import { memoryStorage } from '@/lib/storage';
import {
  $authRedirect,
  consumeAuthRedirect,
  readAuthRedirect,
  sanitizeRedirect,
  saveAuthRedirect,
} from '@/stores/authRedirect';
import { REDIRECT_CORPUS, SAME_SITE_PATHS } from '../e2e/redirectCorpus';

afterEach(() => {
  cleanStores($authRedirect);
});

describe('sanitizeRedirect', () => {
  test('keeps a same-site path with query and hash', () => {
    expect(sanitizeRedirect('/app/math-solver?q=2%2B2#top')).toBe('/app/math-solver?q=2%2B2#top');
  });

  test.each([
    ['protocol-relative', '//evil.example/path'],
    ['backslash trick', '/\\evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['tab hiding a slash', '/\t/evil.example'],
    ['dot segment folding into two slashes', '/.//evil.example'],
    ['dot-dot folding into two slashes', '/app/..//evil.example'],
    ['auth page, encoded', '/%61uth/login'],
    ['auth page', '/auth/login'],
    ['encoded double slash', '/%2F%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['empty', ''],
    ['not a string', 42],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_label, value) => {
    expect(sanitizeRedirect(value)).toBeNull();
  });
});

describe('the sign-in return path', () => {
  const origin = 'https://studyease.example';

  test.each(REDIRECT_CORPUS.map((probe) => [probe.name, probe.value]))(
    'only same-site paths survive: %s',
    (_name, value) => {
      const kept = sanitizeRedirect(value);
      if (kept === null) return;
      // What the page does with it: `location.assign(kept)` on the site's origin.
      const target = new URL(kept, `${origin}/auth/login`);
      expect(target.origin).toBe(origin);
      expect(kept).toMatch(/^\/(?![/\\])/);
      let decoded = target.pathname;
      try {
        decoded = decodeURIComponent(decoded);
      } catch {
        // Malformed escapes (overlong UTF-8) stay as they are; the server answers 404 for them.
      }
      expect(decoded).not.toMatch(/^\/auth(\/|$)/i);
    },
  );

  test.each(SAME_SITE_PATHS)('keeps %s as it is', (path) => {
    expect(sanitizeRedirect(path)).toBe(path);
  });
});

describe('saveAuthRedirect', () => {
  test('stores the path and updates the store', () => {
    const storage = memoryStorage();
    expect(saveAuthRedirect('/pricing?plan=plus', storage)).toBe('/pricing?plan=plus');
    expect($authRedirect.get()).toBe('/pricing?plan=plus');
    expect(readAuthRedirect(storage)).toBe('/pricing?plan=plus');
  });

  test('keeps the earlier value when the new one is unsafe', () => {
    const storage = memoryStorage();
    saveAuthRedirect('/blog', storage);
    expect(saveAuthRedirect('//evil.example', storage)).toBeNull();
    expect(readAuthRedirect(storage)).toBe('/blog');
  });

  test('re-validates what is read back from storage', () => {
    const storage = memoryStorage();
    storage.setItem('studyease_auth_redirect', 'https://evil.example');
    expect(readAuthRedirect(storage)).toBeNull();
  });
});

describe('consumeAuthRedirect', () => {
  test('returns the saved path once, then the app', () => {
    const storage = memoryStorage();
    saveAuthRedirect('/app/physics-solver', storage);
    expect(consumeAuthRedirect(storage)).toBe('/app/physics-solver');
    expect(consumeAuthRedirect(storage)).toBe('/app');
    expect($authRedirect.get()).toBeNull();
  });
});
