import { describe, expect, test } from 'vitest';
import { groupByDate } from '@/lib/historyGroups';

describe('groupByDate', () => {
  test('groups by local day, keeps the order and leaves out empty groups', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    const at = (days: number, hour = 9) => new Date(2026, 10, 22 - days, hour).toISOString();
    const items = [
      { id: 'a', updatedAt: at(0, 14) },
      { id: 'b', updatedAt: at(0, 0) },
      { id: 'c', updatedAt: at(1) },
      { id: 'd', updatedAt: at(5) },
      { id: 'e', updatedAt: at(40) },
      { id: 'f', updatedAt: 'not a date' },
    ];
    expect(groupByDate(items, now).map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['Previous 7 days', ['d']],
      ['Older', ['e', 'f']],
    ]);
  });
});
