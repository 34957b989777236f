import { describe, expect, test } from 'vitest';
import { claimReload } from '@/lib/reloadGuard';
import { memoryStorage } from '@/lib/storage';

describe('claimReload', () => {
  test('allows the first reload of a path', () => {
    expect(claimReload('/app', 1_000, memoryStorage())).toBe(true);
  });

  test('refuses a second reload of the same path within 10 seconds', () => {
    const storage = memoryStorage();
    expect(claimReload('/app', 1_000, storage)).toBe(true);
    expect(claimReload('/app', 10_999, storage)).toBe(false);
  });

  test('allows it again once 10 seconds have passed', () => {
    const storage = memoryStorage();
    claimReload('/app', 1_000, storage);
    expect(claimReload('/app', 11_000, storage)).toBe(true);
  });

  test('guards each path on its own', () => {
    const storage = memoryStorage();
    claimReload('/app', 1_000, storage);
    expect(claimReload('/app/math-solver', 1_500, storage)).toBe(true);
  });

  test('survives a corrupt log', () => {
    const storage = memoryStorage();
    storage.setItem('studyease:reload-guard', '{not json');
    expect(claimReload('/app', 1_000, storage)).toBe(true);
  });

  test('forgets entries older than the window', () => {
    const storage = memoryStorage();
    claimReload('/a', 1_000, storage);
    claimReload('/b', 20_000, storage);
    expect(JSON.parse(storage.getItem('studyease:reload-guard') ?? '{}')).toEqual({ '/b': 20_000 });
  });
});
