import { describe, expect, test } from 'vitest';
import { historyTitle, SIDEBAR_TITLE_CHARS } from '@/lib/historyTitle';

describe('historyTitle', () => {
  test('a title that fits stays as it is', () => {
    expect(historyTitle('x^2 - 5x + 6 = 0')).toBe('x^2 - 5x + 6 = 0');
    expect(historyTitle('  solve   2x = 4 ')).toBe('solve 2x = 4');
  });

  test('word problems that start alike keep what tells them apart', () => {
    const titles = [
      'A box of 5 kg is pushed with a force of 20 N across the floor. What is its acceleration?',
      'A box of 5 kg is pushed with a force of 35 N across the floor. What is its acceleration?',
      'A box of 5 kg is pushed up a ramp at 30 degrees with 40 N, find the friction',
    ].map((title) => historyTitle(title));
    expect(new Set(titles).size).toBe(3);
    for (const title of titles) {
      expect(title.length).toBeLessThanOrEqual(SIDEBAR_TITLE_CHARS);
      expect(title.startsWith('A box of 5 kg')).toBe(true);
    }
    expect(titles[0]).toContain('20');
    expect(titles[1]).toContain('35');
  });

  test('keeps the numbers and their units, and marks what was left out', () => {
    const title = historyTitle('A car accelerates from 0 to 27 m/s in 9 s, how far does it go?', 34);
    expect(title).toMatch(/27 m\/s/);
    expect(title).toMatch(/9 s/);
    expect(title).toContain('…');
  });

  test('a chemistry question keeps its equation', () => {
    const title = historyTitle('For 2 H2 + O2 -> 2 H2O, how many moles of O2 are needed to react with 3.0 mol of H2?');
    expect(title).toContain('2 H2 + O2 -> 2 H2O');
  });

  test('a question without maths keeps its start and its end', () => {
    const title = historyTitle('What caused the First World War and why did it spread so quickly across Europe?');
    expect(title.startsWith('What caused')).toBe(true);
    expect(title.endsWith('Europe?')).toBe(true);
    expect(title.length).toBeLessThanOrEqual(SIDEBAR_TITLE_CHARS);
  });

  test('one long formula is cut in the middle, both ends showing', () => {
    const formula = 'integrate x^2*sin(x)*cos(x)*exp(x)*ln(x)+sqrt(x^3+1)dx';
    const title = historyTitle(formula, 34);
    expect(title).toHaveLength(34);
    expect(title.startsWith('integrate x^2')).toBe(true);
    expect(title.endsWith('+1)dx')).toBe(true);
    expect(historyTitle('a'.repeat(50), 20)).toBe(`${'a'.repeat(10)}…${'a'.repeat(9)}`);
  });
});
