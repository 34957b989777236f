import { describe, expect, test } from 'vitest';
import { masteryPercent, reviewDateInWords } from '@/lib/reviewDate';

describe('reviewDateInWords', () => {
  const now = new Date(2026, 10, 24, 21, 0);
  const at = (days: number, hour = 9) => new Date(2026, 10, 24 + days, hour).toISOString();

  test('says today for a review due today or already past', () => {
    expect(reviewDateInWords(at(0), now)).toBe('today');
    expect(reviewDateInWords(at(-3), now)).toBe('today');
  });

  test('counts calendar days, not 24-hour periods', () => {
    // 3 hours from now, but tomorrow.
    expect(reviewDateInWords(at(1, 0), now)).toBe('tomorrow');
    expect(reviewDateInWords(at(3), now)).toBe('in 3 days');
  });

  test('rounds longer waits to weeks, months and years', () => {
    expect(reviewDateInWords(at(15), now)).toBe('in 2 weeks');
    expect(reviewDateInWords(at(90), now)).toBe('in 3 months');
    expect(reviewDateInWords(at(400), now)).toBe('in 1 year');
  });

  test('says soon for a date it cannot read', () => {
    expect(reviewDateInWords('not a date', now)).toBe('soon');
  });
});

describe('masteryPercent', () => {
  test('rounds to a whole percentage within 0 to 100', () => {
    expect(masteryPercent(0.424)).toBe(42);
    expect(masteryPercent(1.2)).toBe(100);
    expect(masteryPercent(-1)).toBe(0);
    expect(masteryPercent(Number.NaN)).toBe(0);
  });
});
