import type { CheckResult, PracticeQuestion, SolveOptions, ToolId, TutorAnswer } from '@studyease/contract';

/** How practice is drawn: where its random numbers come from and how many questions are wanted. */
export interface PracticeOptions {
  /**
   * A random source in [0, 1). Absent: one seeded by the question, so the chat's three similar questions stay the
   * same for the same question; practiceForSkill passes one seeded by its own seed, so each session is fresh.
   */
  random?: () => number;
  /** How many questions (3 when absent). */
  count?: number;
  /** Questions never to return (already issued to the student). */
  avoid?: ReadonlySet<string>;
}

/** A practice question as an engine returns it: with its answer kind, which solve.ts turns into its skill. */
export interface EnginePractice extends PracticeQuestion {
  kind: string;
}

/** What an offline engine offers. */
export interface Engine {
  tool: ToolId;
  solve(question: string, options?: SolveOptions): TutorAnswer;
  check(question: string, studentAnswer: string): CheckResult;
  /** Similar questions (three unless told), each solved and checked by the engine. */
  practice(question: string, options?: PracticeOptions): EnginePractice[];
}
