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

/**
 * A CMS plan as the page shows it: the price formatted, and `{freeDailyQuestions}` in a feature replaced with the
 * limit the backend enforces, so the page and the enforcement never disagree.
 */
export function toPlan(plan: CmsPlan, freeDailyQuestions: number): Plan {
  const amount = Number(plan.price);
  if (!Number.isFinite(amount) || amount < 0) throw new Error(`Plan "${plan.name}" has no valid price`);
  const price = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: plan.currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
  const limit = freeDailyQuestions > 0 ? String(freeDailyQuestions) : 'Unlimited';
  const features = (Array.isArray(plan.features) ? plan.features : [])
    .filter((feature): feature is string => typeof feature === 'string')
    .map((feature) => feature.replaceAll('{freeDailyQuestions}', limit));
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
      `The AI model, which answers the homework helper, the translator and questions beyond the offline engines, ` +
        `writes up to ${count(limits.modelDailyAnswers)} answers a day for each account, retries included.`,
    );
  }
  if (limits.publicModelDailyAnswers > 0) {
    lines.push(
      `Without an account, the try box on the tool pages gets up to ${count(limits.publicModelDailyAnswers)} ` +
        'AI model answers a day; the math, physics and chemistry engines answer it without that limit.',
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
