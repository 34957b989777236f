/**
 * The tutor's answer contract: one shape for every tool and every source (offline engine or AI model), used by
 * the API, the chat's stream and the site. Plain TypeScript, no Strapi imports: the tutor library is unit-tested
 * on its own and runs in worker threads.
 */

export const TOOL_IDS = ['translator', 'math-solver', 'physics-solver', 'chemistry-solver', 'homework-helper'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** `solved`: an answer; `invalid`: the input is wrong in itself (with the reason); `unsupported`: beyond the engine. */
export type AnswerStatus = 'solved' | 'unsupported' | 'invalid';

/** A piece of maths twice: plain calculator syntax (`*`, `^`, `sqrt()`, `ln()`, `pi`, `i`) and LaTeX. */
export interface MathText {
  text: string;
  latex: string;
}

export interface Step {
  title: string;
  /** What the student should understand at this step, in a tutor's words (no rule ids). */
  explanation: string;
  latex?: string;
}

/** A real check of the answer (roots substituted back, atoms counted, units compared); it can fail. */
export interface Check {
  kind: string;
  passed: boolean;
  detail: string;
}

export interface PracticeQuestion {
  question: string;
  answer: string;
  /** True only after the engine solved it and its own check passed. */
  verified: boolean;
}

export interface TutorAnswer {
  tool: ToolId;
  /** The kind of problem, e.g. `quadratic-equation`, `balance-equation`, `kinematics`. */
  kind: string;
  question: MathText;
  status: AnswerStatus;
  /** The bare result (no prose); null unless `status` is `solved`. */
  answer: MathText | null;
  steps: Step[];
  checks: Check[];
  /** True only when there is at least one check and every check passed. */
  verified: boolean;
  /** A ladder from "what kind of problem is this" to the last step before the answer. */
  hints: string[];
  practice: PracticeQuestion[];
  source: 'engine' | 'model';
  /** Why the status is `invalid` or `unsupported`, for the student. */
  reason?: string;
}

/** The answer to "is my answer right?". */
export interface CheckResult {
  correct: boolean;
  /** Where a wrong answer differs (empty when correct). */
  differences: string[];
}

/** Languages the translator offers, named as the model is asked for them (the site's selects list the same). */
export const TRANSLATOR_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Dutch',
  'Polish',
  'Ukrainian',
  'Russian',
  'Turkish',
  'Arabic',
  'Hindi',
  'Chinese (Simplified)',
  'Japanese',
  'Korean',
  'Vietnamese',
] as const;

/**
 * Options a tool may take: the translator's languages (`from` absent: detect it). Validated by
 * SolveOptionsSchema (validateRequest.ts), so nothing else reaches the model's prompt or the answer cache's key.
 */
export interface SolveOptions {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/** What an offline engine offers. */
export interface Engine {
  tool: ToolId;
  solve(question: string, options?: SolveOptions): TutorAnswer;
  check(question: string, studentAnswer: string): CheckResult;
  /** Three similar questions, each solved and checked by the engine. */
  practice(question: string): PracticeQuestion[];
}

/** @returns whether the checks back the answer: at least one, and none failed */
export function isVerified(checks: readonly Check[]): boolean {
  return checks.length > 0 && checks.every((check) => check.passed);
}

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
