import type { Core } from '@strapi/strapi';
import { type LimitsConfig, LimitsConfigSchema } from '../src/limits/limits-config';

/** Limits on accounts, emails and model answers (src/limits/limits-config.ts); every variable is in .env.example. */
export default ({ env }: Core.Config.Shared.ConfigParams): LimitsConfig =>
  LimitsConfigSchema.parse({
    accountActionsPerAddress: env.int('AUTH_ACCOUNT_RATE_LIMIT_MAX', 20),
    accountActionsWindowMs: env.int('AUTH_ACCOUNT_RATE_LIMIT_INTERVAL_MS', 3_600_000),
    emailsPerRecipient: env.int('AUTH_EMAIL_RATE_LIMIT_MAX', 5),
    modelDailyAnswers: env.int('MODEL_DAILY_ANSWERS', 40),
    publicModelDailyAnswers: env.int('PUBLIC_MODEL_DAILY_ANSWERS', 5),
    publicModelDailyAnswersPerAddress: env.int('PUBLIC_MODEL_DAILY_ANSWERS_PER_ADDRESS', 50),
  });
