/**
 * Classes of a worked answer, shared by the pre-rendered examples (WorkedAnswer.astro) and the answers the try box
 * builds in the browser (src/client/tryBoxRender.ts), so both look the same and a change is made once.
 */
export const ANSWER_CLASSES = {
  card: 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900',
  label: 'text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400',
  question: 'mt-1 font-mono text-base break-words text-slate-900 dark:text-white',
  steps: 'mt-5 space-y-4 border-l-2 border-primary-200 pl-4 dark:border-primary-900',
  stepTitle: 'font-semibold text-slate-900 dark:text-white',
  stepText: 'mt-1 text-sm whitespace-pre-line break-words text-slate-700 dark:text-slate-300',
  result: 'mt-5 rounded-xl bg-primary-50 px-4 py-3 text-slate-900 dark:bg-primary-950/50 dark:text-white',
  /** On the result's tinted background the plain label's grey is below 4.5:1. */
  resultLabel: 'text-xs font-semibold tracking-wide text-primary-900 uppercase dark:text-primary-100',
  resultValue: 'font-mono text-lg font-semibold break-words whitespace-pre-line',
  checks: 'mt-4 space-y-1 text-sm text-slate-600 dark:text-slate-400',
  reason:
    'rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100',
  error:
    'rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
} as const;

/** The badge of an answer: "Checked" only when the backend says `verified`. */
export type BadgeKind = 'checked' | 'not-checked' | 'written';

const BADGE_BASE = 'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold';

export const BADGES: Record<BadgeKind, { label: string; className: string }> = {
  checked: {
    label: '✓ Checked',
    className: `${BADGE_BASE} bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100`,
  },
  'not-checked': {
    label: 'Not checked',
    className: `${BADGE_BASE} bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100`,
  },
  written: {
    label: 'Written example · not checked',
    className: `${BADGE_BASE} bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100`,
  },
};
