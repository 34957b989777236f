import type { Core } from '@strapi/strapi';
import { type TutorConfig, TutorConfigSchema } from '../src/tutor/config';

/** The tutor's settings (`strapi.config.get('tutor')`); every variable is listed in .env.example. */
export default ({ env }: Core.Config.Shared.ConfigParams): TutorConfig =>
  TutorConfigSchema.parse({
    rateLimitPerMinute: env.int('TUTOR_RATE_LIMIT_PER_MINUTE', 30),
    timeoutMs: env.int('TUTOR_TIMEOUT_MS', 3000),
    maxQuestionLength: env.int('TUTOR_MAX_QUESTION_LENGTH', 2000),
    maxThreads: env.int('TUTOR_THREADS', 2),
    model: env('AI_BASE_URL', '')
      ? {
          baseUrl: env('AI_BASE_URL', ''),
          apiKey: env('AI_API_KEY', ''),
          model: env('AI_MODEL', 'gpt-4o-mini'),
          timeoutMs: env.int('AI_TIMEOUT_MS', 60_000),
        }
      : null,
  });
