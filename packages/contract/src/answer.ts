import * as z from 'zod/mini';
import { isVerified } from './check-level';
import { TOOL_IDS, type ToolId } from './tools';
import { SKILL_IDS } from './skills';

/**
 * The tutor's answer: one shape for every tool and every source (offline engine or AI model), sent by the tutor
 * API and the chat's stream and rendered by the site. The types are derived from these schemas, never written a
 * second time.
 */

export const ToolIdSchema = z.enum(TOOL_IDS, { error: `tool must be one of: ${TOOL_IDS.join(', ')}` });

/** `solved`: an answer; `invalid`: the input is wrong in itself (with the reason); `unsupported`: beyond the engine. */
export const AnswerStatusSchema = z.enum(['solved', 'unsupported', 'invalid']);
export type AnswerStatus = z.output<typeof AnswerStatusSchema>;

/** A piece of maths twice: plain calculator syntax (`*`, `^`, `sqrt()`, `ln()`, `pi`, `i`) and LaTeX. */
export const MathTextSchema = z.object({ text: z.string(), latex: z.string() });
export type MathText = z.output<typeof MathTextSchema>;

export const StepSchema = z.object({
  title: z.string(),
  /** What the student should understand at this step, in a tutor's words (no rule ids). */
  explanation: z.string(),
  latex: z.optional(z.string()),
});
export type Step = z.output<typeof StepSchema>;

/** A real check of the answer (roots substituted back, atoms counted, units compared); it can fail. */
export const CheckSchema = z.object({ kind: z.string(), passed: z.boolean(), detail: z.string() });
export type Check = z.output<typeof CheckSchema>;

/** A skill id from the fixed list in skills.ts. */
export const SkillIdSchema = z.enum(SKILL_IDS, { error: `skill must be one of: ${SKILL_IDS.join(', ')}` });

export const PracticeQuestionSchema = z.object({
  question: z.string(),
  answer: z.string(),
  /** True only after the engine solved it and its own check passed. */
  verified: z.boolean(),
  /** The skill it exercises (skills.ts); absent on questions saved before skills existed. */
  skill: z.optional(SkillIdSchema),
});
export type PracticeQuestion = z.output<typeof PracticeQuestionSchema>;

export const AnswerSourceSchema = z.enum(['engine', 'model']);

export const TutorAnswerSchema = z.object({
  tool: ToolIdSchema,
  /** The kind of problem, e.g. `quadratic-equation`, `balance-equation`, `kinematics`. */
  kind: z.string(),
  /** The skill it exercises (skills.ts, skillOfKind); absent when the kind offers no practice. */
  skill: z.optional(SkillIdSchema),
  question: MathTextSchema,
  status: AnswerStatusSchema,
  /** The bare result (no prose); null unless `status` is `solved`. */
  answer: z.nullable(MathTextSchema),
  steps: z.array(StepSchema),
  checks: z.array(CheckSchema),
  /**
   * True only when at least one check of the answer itself passed and none failed (isVerified); recomputed
   * arithmetic alone never makes it true. The badge's wording comes from checkLevelOf (check-level.ts).
   */
  verified: z.boolean(),
  /** A ladder from "what kind of problem is this" to the last step before the answer. */
  hints: z.array(z.string()),
  practice: z.array(PracticeQuestionSchema),
  source: AnswerSourceSchema,
  /**
   * True when an AI model turned the student's words into the question the engine solved (`question`, which the
   * answer shows as "I read this as"); the steps and checks are still the engine's.
   */
  readByModel: z.optional(z.boolean()),
  /** Why the status is `invalid` or `unsupported`, for the student. */
  reason: z.optional(z.string()),
  /**
   * What the student could ask instead when the question was not read: a rewrite built from their own input
   * ("2(x+3) = 5x - 6") or, with `tool`, the same question for the tool that can answer it (a chemical equation
   * sent to the math solver), so the site can offer a button that carries the question over.
   */
  suggestion: z.optional(z.object({ text: z.string(), tool: z.optional(ToolIdSchema) })),
});
export type TutorAnswer = z.output<typeof TutorAnswerSchema>;

/** The answer to "is my answer right?" (POST /api/tutor/check). */
export const CheckResultSchema = z.object({
  correct: z.boolean(),
  /** Where a wrong answer differs (empty when correct). */
  differences: z.array(z.string()),
});
export type CheckResult = z.output<typeof CheckResultSchema>;

/** POST /api/tutor/practice answers this. */
export const PracticeResultSchema = z.object({ practice: z.array(PracticeQuestionSchema) });
export type PracticeResult = z.output<typeof PracticeResultSchema>;

interface SolvedInput {
  tool: ToolId;
  kind: string;
  question: MathText;
  answer: MathText;
  steps: Step[];
  checks: Check[];
  hints: string[];
  practice?: PracticeQuestion[];
}

/** Builds a solved answer; `verified` is derived from the checks, never set by hand. */
export function solvedAnswer(input: SolvedInput): TutorAnswer {
  return {
    tool: input.tool,
    kind: input.kind,
    question: input.question,
    status: 'solved',
    answer: input.answer,
    steps: input.steps,
    checks: input.checks,
    verified: isVerified(input.checks),
    hints: input.hints,
    practice: input.practice ?? [],
    source: 'engine',
  };
}

/** Builds an `invalid` or `unsupported` answer with its reason. */
export function refusedAnswer(
  tool: ToolId,
  status: 'invalid' | 'unsupported',
  kind: string,
  question: string,
  reason: string,
): TutorAnswer {
  return {
    tool,
    kind,
    question: { text: question, latex: '' },
    status,
    answer: null,
    steps: [],
    checks: [],
    verified: false,
    hints: [],
    practice: [],
    source: 'engine',
    reason,
  };
}
