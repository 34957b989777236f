/**
 * The public entry of the tutor engines: what the backend (its worker threads and its answer stream), the tests
 * and the solve command use. The engines themselves load on first use (see engines.ts), so importing this entry
 * stays cheap.
 */
export { arithmeticChecks, type ArithmeticStatement, findArithmetic } from './arithmetic-check';
export type { Engine, EnginePractice, PracticeOptions } from './engine';
export { checkModelAnswer, engineFor } from './engines';
export {
  checkLocally,
  checkStepLocally,
  noModelAnswer,
  practiceForSkill,
  practiceLocally,
  runTask,
  type SkillPracticeOptions,
  solveLocally,
  type TaskResult,
  type TutorTask,
} from './solve';
export { trimTrailing } from './trim-trailing';
