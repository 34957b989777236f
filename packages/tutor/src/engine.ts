import type { CheckResult, PracticeQuestion, SolveOptions, ToolId, TutorAnswer } from '@studyease/contract';

/** What an offline engine offers. */
export interface Engine {
  tool: ToolId;
  solve(question: string, options?: SolveOptions): TutorAnswer;
  check(question: string, studentAnswer: string): CheckResult;
  /** Three similar questions, each solved and checked by the engine. */
  practice(question: string): PracticeQuestion[];
}
