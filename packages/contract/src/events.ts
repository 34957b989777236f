import * as z from 'zod/mini';
import { AnswerSourceSchema, StepSchema, ToolIdSchema, TutorAnswerSchema } from './answer';

/**
 * The events of a streamed answer (Server-Sent Events): the same for engine and model answers. The chat's `start`
 * also names the saved question and answer messages.
 */
export const AnswerEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('start'),
    data: z.object({
      tool: ToolIdSchema,
      source: AnswerSourceSchema,
      questionId: z.optional(z.string()),
      messageId: z.optional(z.string()),
    }),
  }),
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('step'), data: StepSchema }),
  z.object({ event: z.literal('answer'), data: TutorAnswerSchema }),
  z.object({ event: z.literal('error'), data: z.object({ kind: z.string(), message: z.string() }) }),
  z.object({ event: z.literal('done'), data: z.object({}) }),
]);
export type AnswerEvent = z.output<typeof AnswerEventSchema>;
export type AnswerEventName = AnswerEvent['event'];

/** The event names, for readers that skip names a newer backend may add. */
export const ANSWER_EVENT_NAMES: readonly AnswerEventName[] = ['start', 'delta', 'step', 'answer', 'error', 'done'];
