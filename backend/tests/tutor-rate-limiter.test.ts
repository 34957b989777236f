import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as RateLimiter from '../src/tutor/rateLimiter.ts';
import { requireCompiled } from './support/compiled.ts';

const { SlidingWindowLimiter } = requireCompiled<typeof RateLimiter>('src/tutor/rateLimiter');

describe('SlidingWindowLimiter', () => {
  test('allows up to the limit per window, then refuses, then allows again once the window slides', () => {
    const limiter = new SlidingWindowLimiter(2, 1000);
    assert.equal(limiter.take(['a'], 0), true);
    assert.equal(limiter.take(['a'], 100), true);
    assert.equal(limiter.take(['a'], 200), false);
    assert.equal(limiter.take(['a'], 1001), true);
  });

  test('a request passes only when all its keys are under the limit, and counts for each', () => {
    const limiter = new SlidingWindowLimiter(1, 1000);
    assert.equal(limiter.take(['ip:1', 'visitor:x'], 0), true);
    assert.equal(limiter.take(['ip:2', 'visitor:x'], 10), false);
    assert.equal(limiter.take(['ip:1'], 20), false);
    assert.equal(limiter.take(['ip:3', 'visitor:y'], 30), true);
  });
});
