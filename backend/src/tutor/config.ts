import { z } from 'zod';

/** The tutor's settings, built from environment variables in config/tutor.ts. */
export const TutorConfigSchema = z.object({
  /** Questions per minute per IP and per visitor id on the public tutor routes; 0 turns the limit off. */
  rateLimitPerMinute: z.number().int().min(0),
  /** Time one problem may take in a worker before the answer is "too hard to do reliably". */
  timeoutMs: z.number().int().min(100).max(60_000),
  /** Longest question accepted, in characters. */
  maxQuestionLength: z.number().int().min(1).max(100_000),
  /** Worker threads for the engines (CAS work stays off the server's event loop). */
  maxThreads: z.number().int().min(1).max(64),
  /** An OpenAI-compatible chat-completions endpoint (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`); null: none. */
  model: z
    .object({
      baseUrl: z.url({ protocol: /^https?$/ }),
      apiKey: z.string(),
      model: z.string().min(1),
      timeoutMs: z.number().int().min(100),
    })
    .nullable(),
});

export type TutorConfig = z.output<typeof TutorConfigSchema>;
