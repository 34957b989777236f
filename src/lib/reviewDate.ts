const DAY_MS = 24 * 60 * 60 * 1000;

// "tomorrow" for one day, but "in 1 year" rather than "next year" ("Next review next year" reads badly).
const days = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const longer = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** Midnight at the start of the date's day, in the browser's time zone: "tomorrow" is a calendar day, not 24 hours. */
function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * When a skill is next due, in words a student reads at a glance: "today" for anything due already, "tomorrow",
 * "in 3 days", "in 2 weeks", "in 3 months".
 * @param nextReviewAt the skill's next review, ISO
 * @param now the current time (tests pass a fixed clock)
 */
export function reviewDateInWords(nextReviewAt: string, now: Date = new Date()): string {
  const due = new Date(nextReviewAt);
  if (Number.isNaN(due.getTime())) return 'soon';
  // Calendar days between the two dates; Math.round absorbs a daylight-saving hour.
  const count = Math.round((startOfDay(due) - startOfDay(now)) / DAY_MS);
  if (count <= 0) return 'today';
  if (count < 14) return days.format(count, 'day');
  if (count < 60) return longer.format(Math.round(count / 7), 'week');
  if (count < 365) return longer.format(Math.round(count / 30), 'month');
  return longer.format(Math.round(count / 365), 'year');
}

/**
 * A mastery estimate as a whole percentage, for the bar and for what a screen reader says.
 * @param mastery 0 to 1
 */
export function masteryPercent(mastery: number): number {
  if (!Number.isFinite(mastery)) return 0;
  return Math.round(Math.min(1, Math.max(0, mastery)) * 100);
}
