// The pricing page's plans, created on the first start: see src/bootstrap/content.ts. Editors own them from then
// on. `{freeDailyQuestions}` in a feature is replaced by the site with GET /api/chat-limits' number; a feature that
// starts with `{ifDailyLimit}` is shown only while that limit is on (`{ifNoDailyLimit}`: only while it is off).

/** A plan as the seed creates it (the content type's fields). */
export interface SeedPlan {
  name: string;
  slug: string;
  price: number;
  currency: string;
  period: 'month' | 'year' | 'forever';
  features: string[];
  highlighted: boolean;
  ctaLabel: string;
  /** For the paid plan: how to get it (there is no payment processing). */
  ctaNote?: string;
  order: number;
}

/**
 * @param supportEmail - where students write to join the Plus early-access list (`SUPPORT_EMAIL`)
 * @returns the Free and Plus plans, in pricing-page order
 */
export const seedPlans = (supportEmail: string): SeedPlan[] => [
  {
    name: 'Free',
    slug: 'free',
    price: 0,
    currency: 'USD',
    period: 'forever',
    features: [
      '{freeDailyQuestions} questions a day with every tool',
      'Step-by-step answers with an automatic check',
      'Hints before answers, one step at a time',
      'Practice questions with checked answers',
      'Your conversations saved in your account',
    ],
    highlighted: false,
    ctaLabel: 'Start for free',
    order: 1,
  },
  {
    name: 'Plus',
    slug: 'plus',
    price: 6,
    currency: 'USD',
    period: 'month',
    features: [
      'Everything in Free',
      '{ifDailyLimit}More questions every day, for exam season',
      'Longer conversations for big assignments',
      'Early access to new tools',
    ],
    highlighted: true,
    ctaLabel: 'Get Plus',
    ctaNote:
      `Plus is not on sale online yet. To join the early-access list, write to ${supportEmail} from the email ` +
      'address of your StudyEase account; we will tell you when it opens. Nothing is charged until you agree to it.',
    order: 2,
  },
];
