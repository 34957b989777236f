import type { Core } from '@strapi/strapi';
import { type TutorConfig, TutorConfigSchema } from '../src/tutor/config';

/** The tutor's settings (`strapi.config.get('tutor')`); every variable is listed in .env.example. */
export default ({ env }: Core.Config.Shared.ConfigParams): TutorConfig =>
  TutorConfigSchema.parse({
    rateLimitPerMinute: env.int('TUTOR_RATE_LIMIT_PER_MINUTE', 30),
    timeoutMs: env.int('TUTOR_TIMEOUT_MS', 3000),
    maxQuestionLength: env.int('TUTOR_MAX_QUESTION_LENGTH', 2000),
    maxThreads: env.int('TUTOR_THREADS', 2),
  });
