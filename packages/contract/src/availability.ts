import * as z from 'zod/mini';
import { ToolIdSchema } from './answer';

/** How this server answers one tool's questions right now. */
export const ToolAvailabilitySchema = z.object({
  /** Whether a question asked here gets an answer: an offline engine or an AI model answers it. */
  available: z.boolean(),
  /** An offline engine solves (and checks) what it can, with or without a model. */
  engine: z.boolean(),
  /** An AI model is configured for it: it answers what the engine cannot, or everything for a tool without one. */
  model: z.boolean(),
});
export type ToolAvailability = z.output<typeof ToolAvailabilitySchema>;

/** GET /api/tutor/tools: every tool, keyed by its id (an enum key: zod requires all five). */
export const ToolsAvailabilitySchema = z.object({ tools: z.record(ToolIdSchema, ToolAvailabilitySchema) });
export type ToolsAvailability = z.output<typeof ToolsAvailabilitySchema>;
