import { describe, expect, test } from 'vitest';
import { toolGridItemClass } from '@/lib/toolGrid';

/** Fills a grid of `columns` with the cards' spans for a breakpoint prefix; returns the cells used per row. */
function rows(count: number, columns: number, prefix: 'sm' | 'lg' | 'base', phoneColumns: 1 | 2 = 1): number[] {
  const pattern = prefix === 'base' ? /(?:^|\s)col-span-(\d)/ : new RegExp(`${prefix}:col-span-(\\d)`);
  const filled: number[] = [0];
  for (let index = 0; index < count; index++) {
    const span = Number(pattern.exec(toolGridItemClass(index, count, phoneColumns))?.[1] ?? 1);
    if ((filled.at(-1) ?? 0) + span > columns) filled.push(0);
    filled[filled.length - 1] = (filled.at(-1) ?? 0) + span;
  }
  return filled;
}

describe('toolGridItemClass', () => {
  test('five cards fill every row: 3 + 2 on a wide screen, 2 + 2 + 1 wide card on a tablet', () => {
    expect(rows(5, 6, 'lg')).toEqual([6, 6]);
    expect(rows(5, 2, 'sm')).toEqual([2, 2, 2]);
    expect(rows(5, 2, 'base', 2)).toEqual([2, 2, 2]);
  });

  test('any count leaves no row part-filled', () => {
    for (let count = 1; count <= 9; count++) {
      expect(rows(count, 6, 'lg').every((cells) => cells === 6)).toBe(true);
      expect(rows(count, 2, 'sm').every((cells) => cells === 2)).toBe(true);
    }
  });
});
