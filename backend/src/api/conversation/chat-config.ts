import { z } from 'zod';

/** The chat's settings, built from environment variables in config/chat.ts. */
export const ChatConfigSchema = z.object({
  /** Questions a signed-in user may send per UTC day (saved user messages); 0 turns the limit off. */
  freeDailyQuestions: z.number().int().min(0),
});

export type ChatConfig = z.output<typeof ChatConfigSchema>;
