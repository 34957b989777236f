import { describe, expect, test } from 'vitest';
import type { KeyValueStorage } from '@/lib/storage';
import { clearOAuthNonce, readOAuthNonce, startOAuthNonce } from '@/stores/oauthNonce';

const memory = (): KeyValueStorage => {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
};

describe('startOAuthNonce', () => {
  test('makes a fresh URL-safe nonce of 32 characters each time and keeps the last one for the return page', () => {
    const storage = memory();
    const first = startOAuthNonce(storage);
    const second = startOAuthNonce(storage);
    // The backend takes 22 to 128 of [A-Za-z0-9_-] (backend/src/utils/oauth-handoff.ts, nonceHash).
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second).not.toBe(first);
    expect(readOAuthNonce(storage)).toBe(second);
  });

  test('is gone once cleared: a second return page load cannot reuse it', () => {
    const storage = memory();
    startOAuthNonce(storage);
    clearOAuthNonce(storage);
    expect(readOAuthNonce(storage)).toBeNull();
  });
});
