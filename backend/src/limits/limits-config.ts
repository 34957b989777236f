import { z } from 'zod';

/**
 * Limits on what costs us something per request — an account, an email, a model answer — on top of the per-minute
 * rate limits (`strapi.config.get('limits')`, config/limits.ts; every variable is in .env.example). 0 turns one off.
 */
export const LimitsConfigSchema = z.object({
  /** Registrations, password-reset and confirmation emails together, per address and window (AUTH_ACCOUNT_…). */
  accountActionsPerAddress: z.number().int().min(0),
  accountActionsWindowMs: z.number().int().min(1000),
  /** Reset and confirmation emails to one email address per window, whoever asks (AUTH_EMAIL_RATE_LIMIT_MAX). */
  emailsPerRecipient: z.number().int().min(0),
  /** Answers written by the AI model per signed-in student and UTC day, retries included (MODEL_DAILY_ANSWERS). */
  modelDailyAnswers: z.number().int().min(0),
  /** The same for the public try box, per visitor id (PUBLIC_MODEL_DAILY_ANSWERS)… */
  publicModelDailyAnswers: z.number().int().min(0),
  /** …and per address, which a visitor cannot change by sending another id (PUBLIC_MODEL_DAILY_ANSWERS_PER_ADDRESS). */
  publicModelDailyAnswersPerAddress: z.number().int().min(0),
});

export type LimitsConfig = z.output<typeof LimitsConfigSchema>;
