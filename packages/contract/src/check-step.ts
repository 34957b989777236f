import * as z from 'zod/mini';
import { ToolIdSchema } from './answer';
import { requiredText } from './requests';

/**
 * "Check my step" (POST /api/tutor/check-step): the student types their own next line of working and the engine
 * says whether it has the same solutions as the question, where it went wrong if not, and a good next move. The
 * types are derived from these schemas, never written a second time.
 */

/** The longest step a student may send: one line of working, not an essay (413 beyond it). */
export const MAX_STEP_LENGTH = 500;

export const CheckStepRequestSchema = z.object({
  tool: ToolIdSchema,
  question: requiredText('question'),
  step: requiredText('step'),
});
export type CheckStepRequest = z.output<typeof CheckStepRequestSchema>;

/**
 * What went wrong in a step, when the engine can tell: a term moved across `=` without changing its sign, one side
 * only divided or multiplied, a root lost (dividing by something with the unknown in it) or gained (squaring,
 * clearing fractions), an inequality whose sign should have turned round, or a slip in the numbers.
 */
export const StepMistakeSchema = z.enum([
  'sign',
  'one-side',
  'lost-root',
  'extra-root',
  'inequality-direction',
  'arithmetic',
  'other',
]);
export type StepMistake = z.output<typeof StepMistakeSchema>;

export const CheckStepResultSchema = z.object({
  /**
   * `right`: the step keeps the question's solutions (or, for a system, holds at its solution); `wrong`: it does
   * not, and `message` says where it went wrong; `unsupported`: the engine cannot check this step reliably, and
   * `message` says why (never a guess).
   */
  status: z.enum(['right', 'wrong', 'unsupported']),
  /** True when the step has exactly the question's solutions. */
  equivalent: z.boolean(),
  /** True when the step is the answer itself (`x = 4`): nothing left to do but check it. */
  finished: z.boolean(),
  /** What the engine found, for the student, in plain words. */
  message: z.string(),
  mistake: z.optional(StepMistakeSchema),
  /** A good next move from the student's line (or, after a mistake, how to repair it). */
  next: z.optional(z.string()),
});
export type CheckStepResult = z.output<typeof CheckStepResultSchema>;
