import { cmsGet } from './client';

/** A plan as the CMS returns it (`backend/README.md`, "Content (CMS)"). */
export interface CmsPlan {
  name: string;
  slug: string;
  price: number | string;
  currency: string;
  period: 'month' | 'year' | 'forever';
  features: unknown;
  highlighted: boolean;
  ctaLabel: string;
  ctaNote?: string | null;
  order: number;
}

export interface Plan {
  name: string;
  slug: string;
  /** e.g. "$0", "$6", "€4.50". */
  price: string;
  /** The price as a number, and its ISO currency (structured data). */
  amount: number;
  currency: string;
  /** e.g. "/ month"; empty for a free plan. */
  period: string;
  features: string[];
  highlighted: boolean;
  ctaLabel: string;
  ctaNote: string | null;
  free: boolean;
}

/** A feature starting with this is shown only while a free account has a daily question limit. */
export const IF_DAILY_LIMIT = '{ifDailyLimit}';
/** A feature starting with this is shown only while it has none. */
export const IF_NO_DAILY_LIMIT = '{ifNoDailyLimit}';

/**
 * A plan's feature lines for the configured limit: `{freeDailyQuestions}` becomes the number, and a line that
 * only holds with a limit (a paid plan's "more questions every day") or without one is kept or dropped.
 *
 * @param features - the CMS's feature lines (non-strings are dropped)
 * @param freeDailyQuestions - the backend's limit, 0 for none
 * @returns the lines to show
 */
export function planFeatures(features: unknown, freeDailyQuestions: number): string[] {
  const limited = freeDailyQuestions > 0;
  const limit = limited ? new Intl.NumberFormat('en').format(freeDailyQuestions) : 'Unlimited';
  return (Array.isArray(features) ? features : [])
    .filter((feature): feature is string => typeof feature === 'string')
    .flatMap((feature) => {
      if (feature.startsWith(IF_DAILY_LIMIT)) return limited ? [feature.slice(IF_DAILY_LIMIT.length)] : [];
      if (feature.startsWith(IF_NO_DAILY_LIMIT)) return limited ? [] : [feature.slice(IF_NO_DAILY_LIMIT.length)];
      return [feature];
    })
    .map((feature) => feature.replaceAll('{freeDailyQuestions}', limit).trim())
    .filter((feature) => feature !== '');
}

/**
 * The pricing page's opening sentence for the configured limit.
 * @param freeDailyQuestions - the backend's limit, 0 for none
 */
export function pricingLede(freeDailyQuestions: number): string {
  return freeDailyQuestions > 0
    ? `Use every StudyEase tool for free, up to ${new Intl.NumberFormat('en').format(freeDailyQuestions)} ` +
        'questions a day. No card needed.'
    : 'Use every StudyEase tool for free, with no daily limit on questions. No card needed.';
}

/** @returns `word` without the characters of `leading` at its start and of `trailing` at its end */
function trimmed(word: string, leading: string, trailing: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && leading.includes(word.charAt(start))) start += 1;
  while (end > start && trailing.includes(word.charAt(end - 1))) end -= 1;
  return word.slice(start, end);
}

/**
 * The email address a paid plan's note asks students to write to, for the waiting list's link. There is no
 * payment processing, so that note (CMS text) is the only way to a paid plan.
 * @returns the first address in the note, or null
 */
export function waitingListAddress(note: string | null): string | null {
  // Word by word, so a long note without an address costs one pass; the punctuation around a word comes off in a
  // loop (a `[…]+$` pattern retries at every character of a long run of "!!!!", quadratic).
  const words = (note ?? '').split(/\s+/).map((word) => trimmed(word, `(<"'`, `)>"'.,;:!?`));
  return words.find((word) => /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(word)) ?? null;
}

/**
 * A CMS plan as the page shows it: the price formatted, and its features for the limit the backend enforces
 * (planFeatures), so the page and the enforcement never disagree.
 */
export function toPlan(plan: CmsPlan, freeDailyQuestions: number): Plan {
  const amount = Number(plan.price);
  if (!Number.isFinite(amount) || amount < 0) throw new Error(`Plan "${plan.name}" has no valid price`);
  const price = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: plan.currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
  const features = planFeatures(plan.features, freeDailyQuestions);
  return {
    name: plan.name,
    slug: plan.slug,
    price,
    amount,
    currency: plan.currency,
    period: plan.period === 'forever' ? '' : `/ ${plan.period}`,
    features,
    highlighted: plan.highlighted,
    ctaLabel: plan.ctaLabel,
    ctaNote: plan.ctaNote ?? null,
    free: amount === 0,
  };
}

/** The limits the backend enforces (`GET /api/chat-limits`; 0 means none). */
export interface UsageLimits {
  freeDailyQuestions: number;
  /** Answers written by the AI model per account and day, retries included. */
  modelDailyAnswers: number;
  /** The same for the public try box, per visitor. */
  publicModelDailyAnswers: number;
}

/**
 * The pricing page's fair-use lines, stated from the limits the backend enforces, so that the page and the
 * enforcement never disagree.
 *
 * @param limits - the backend's configured limits
 * @returns one sentence per limit that is on
 */
export function fairUseLines(limits: UsageLimits): string[] {
  const count = (value: number) => new Intl.NumberFormat('en').format(value);
  const lines: string[] = [];
  if (limits.freeDailyQuestions > 0) {
    lines.push(`A free account asks up to ${count(limits.freeDailyQuestions)} questions a day, with every tool.`);
  }
  if (limits.modelDailyAnswers > 0) {
    lines.push(
      `The AI model, which answers in the homework helper and the translator and helps with questions the solvers ` +
        `cannot work out, writes up to ${count(limits.modelDailyAnswers)} answers a day for each account, ` +
        'including the ones you ask it to try again.',
    );
  }
  if (limits.publicModelDailyAnswers > 0) {
    lines.push(
      `Without an account, the question box on the tool pages gets up to ${count(limits.publicModelDailyAnswers)} ` +
        'answers a day from the AI model; the math, physics and chemistry solvers answer it without that limit.',
    );
  }
  return lines;
}

/** The published plans in their order, with the backend's configured limits. */
export async function loadPricing(): Promise<{ plans: Plan[]; limits: UsageLimits }> {
  const [{ data }, limits] = await Promise.all([
    cmsGet<{ data: CmsPlan[] }>('/plans', { sort: ['order:asc'], pagination: { pageSize: 20 } }),
    cmsGet<UsageLimits>('/chat-limits'),
  ]);
  if (data.length === 0) throw new Error('The CMS has no plans: add them in the admin, then build again.');
  return { plans: data.map((plan) => toPlan(plan, limits.freeDailyQuestions)), limits };
}
