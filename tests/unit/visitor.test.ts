import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { memoryStorage } from '@/lib/storage';
import { $visitor, ensureVisitor } from '@/stores/visitor';

afterEach(() => {
  cleanStores($visitor);
});

describe('ensureVisitor', () => {
  test('computes and stores the visitor id once', async () => {
    const storage = memoryStorage();
    const source = vi.fn(() => Promise.resolve('abc'));
    const first = await ensureVisitor(source, storage);
    const second = await ensureVisitor(source, storage);
    expect(first.visitorId).toBe('abc');
    expect(second).toEqual(first);
    expect(source).toHaveBeenCalledOnce();
    expect($visitor.get()?.visitorId).toBe('abc');
  });

  test('shares one computation between concurrent callers', async () => {
    const storage = memoryStorage();
    const source = vi.fn(() => Promise.resolve('xyz'));
    const [a, b] = await Promise.all([ensureVisitor(source, storage), ensureVisitor(source, storage)]);
    expect(a).toEqual(b);
    expect(source).toHaveBeenCalledOnce();
  });

  test('replaces a corrupt record', async () => {
    const storage = memoryStorage();
    storage.setItem('studyease:visitor', '{"visitorId": 5}');
    const record = await ensureVisitor(() => Promise.resolve('fresh'), storage);
    expect(record.visitorId).toBe('fresh');
  });
});
