import type { Core } from '@strapi/strapi';
import { type ReadImageConfig, ReadImageConfigSchema } from '../src/tutor/read-image/config';

/** The photo reader's settings (src/tutor/read-image/config.ts); every variable is in .env.example. */
export default ({ env }: Core.Config.Shared.ConfigParams): ReadImageConfig => {
  const vision = env('AI_VISION_MODEL', '') || env('AI_MODEL', 'gpt-4o-mini');
  return ReadImageConfigSchema.parse({
    visionModel: vision === 'off' ? null : vision,
    ocrTimeoutMs: env.int('READ_IMAGE_TIMEOUT_MS', 15_000),
  });
};
