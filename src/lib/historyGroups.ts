/** What a history group needs of a conversation. */
interface Dated {
  updatedAt: string;
}

export interface HistoryGroup<T> {
  label: 'Today' | 'Yesterday' | 'Previous 7 days' | 'Previous 30 days' | 'Older';
  items: T[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Groups conversations by the day they were last active, in the student's own time zone, keeping their order
 * (most recent first). Empty groups are left out.
 */
export function groupByDate<T extends Dated>(items: readonly T[], now: Date = new Date()): HistoryGroup<T>[] {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const groups: HistoryGroup<T>[] = [
    { label: 'Today', items: [] },
    { label: 'Yesterday', items: [] },
    { label: 'Previous 7 days', items: [] },
    { label: 'Previous 30 days', items: [] },
    { label: 'Older', items: [] },
  ];
  for (const item of items) {
    const time = Date.parse(item.updatedAt);
    const index = Number.isNaN(time)
      ? 4
      : time >= startOfToday
        ? 0
        : time >= startOfToday - DAY_MS
          ? 1
          : time >= startOfToday - 7 * DAY_MS
            ? 2
            : time >= startOfToday - 30 * DAY_MS
              ? 3
              : 4;
    groups[index]?.items.push(item);
  }
  return groups.filter((group) => group.items.length > 0);
}
