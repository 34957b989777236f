import { z } from 'zod';

/** The photo reader's settings (`strapi.config.get('read-image')`, config/read-image.ts). */
export const ReadImageConfigSchema = z.object({
  /**
   * The model that reads pictures when AI_BASE_URL is set (AI_VISION_MODEL, else AI_MODEL); null: the offline
   * reader always reads (AI_VISION_MODEL=off, for a text-only model).
   */
  visionModel: z.string().min(1).nullable(),
  /** Time the offline reader may take on one picture (READ_IMAGE_TIMEOUT_MS). */
  ocrTimeoutMs: z.number().int().min(1000).max(120_000),
});

export type ReadImageConfig = z.output<typeof ReadImageConfigSchema>;
