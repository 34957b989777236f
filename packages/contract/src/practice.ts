import * as z from 'zod/mini';
import { ToolIdSchema } from './answer';
import { requiredText } from './requests';

/**
 * Practice in a conversation (docs/api.md, "Practice attempts"): the questions an answer offers, kept on its message,
 * and every answer the student gave to one of them, checked by the engine and kept for its owner only. Issue #16's
 * mastery reads the same attempts.
 */

/** Longest answer to a practice question, in characters (the answer box's maxlength; longer is 413). */
export const MAX_PRACTICE_ANSWER_LENGTH = 500;
/** Most attempts kept per answer's practice; past it a new attempt is refused (400), the kept ones stay. */
export const MAX_ATTEMPTS_PER_MESSAGE = 100;

/** POST /api/conversations/:id/messages/:messageId/practice-attempts. */
export const RecordAttemptSchema = z.object({ question: requiredText('question'), answer: requiredText('answer') });
export type RecordAttempt = z.output<typeof RecordAttemptSchema>;

/** One answer to a practice question, as the API answers it. */
export const PracticeAttemptSchema = z.object({
  id: z.number(),
  documentId: z.string(),
  /** The conversation's documentId. */
  conversation: z.string(),
  /** The assistant message whose practice it answers (its documentId). */
  message: z.nullable(z.string()),
  tool: ToolIdSchema,
  question: z.string(),
  /** What the student typed. */
  answer: z.string(),
  correct: z.boolean(),
  /** Where a wrong answer differs, in the engine's words (empty when correct). */
  differences: z.array(z.string()),
  createdAt: z.string(),
});
export type PracticeAttempt = z.output<typeof PracticeAttemptSchema>;

/** GET /api/conversations/:id/practice-attempts: oldest first. */
export const PracticeAttemptListSchema = z.object({ data: z.array(PracticeAttemptSchema) });
/** POST …/practice-attempts answers 201 with the attempt and its verdict. */
export const PracticeAttemptResultSchema = z.object({ data: PracticeAttemptSchema });
