import {
  type Check,
  type CheckResult,
  type CheckStepResult,
  type PracticeQuestion,
  refusedAnswer,
  type SolveOptions,
  type ToolId,
  type TutorAnswer,
} from '@studyease/contract';
import { checkModelAnswer, engineFor } from './engines';
import { readable } from './readable';

/** A unit of work for the worker pool: plain data, so it crosses thread boundaries. */
export type TutorTask =
  | { type: 'solve'; tool: ToolId; question: string; options?: SolveOptions }
  | { type: 'check'; tool: ToolId; question: string; answer: string }
  | { type: 'practice'; tool: ToolId; question: string }
  /** An engine's independent check of a model's final answer (roots substituted back). */
  | { type: 'check-model'; tool: ToolId; question: string; answer: string }
  /** "Check my step": the student's own next line against the question (check-step/). */
  | { type: 'check-step'; tool: ToolId; question: string; step: string };

const TOOL_NAMES: Record<ToolId, string> = {
  translator: 'translator',
  'math-solver': 'math solver',
  'physics-solver': 'physics solver',
  'chemistry-solver': 'chemistry solver',
  'homework-helper': 'homework helper',
};

/** Where a student can go instead while a model-only tool is switched off, in their words. */
const INSTEAD: Partial<Record<ToolId, string>> = {
  'homework-helper':
    'For equations, try the Math Solver; for physics and chemistry problems, the Physics Solver and the ' +
    'Chemistry Solver. They work out answers on their own and check them.',
  translator:
    'The Math, Physics and Chemistry Solvers still work: they solve problems on their own and check the answers.',
};

/**
 * What a tool without an offline engine says while this site has no AI model (kind `needs-model`, which the site
 * shows as a state of its own): written for the student, never about the server's set-up.
 */
export function noModelAnswer(tool: ToolId, question: string): TutorAnswer {
  const name = TOOL_NAMES[tool].replace(/\b\w/g, (letter) => letter.toUpperCase());
  return refusedAnswer(
    tool,
    'unsupported',
    'needs-model',
    question,
    `The ${name} needs an AI model, which this site doesn't have switched on right now. ` +
      (INSTEAD[tool] ?? 'The Math, Physics and Chemistry Solvers still work without it.'),
  );
}

/**
 * Solves a question with the tool's offline engine. An engine that throws is a bug, but the student still gets
 * an honest answer ("unsupported") rather than an error page or, worse, a guess.
 */
export function solveLocally(tool: ToolId, question: string, options?: SolveOptions): TutorAnswer {
  try {
    const engine = engineFor(tool);
    if (!engine) return noModelAnswer(tool, question);
    return forStudent(engine.solve(question, options));
  } catch (error) {
    console.error(`[tutor] ${tool} engine failed`, error);
    return refusedAnswer(tool, 'unsupported', 'engine-error', question, 'This problem could not be solved reliably.');
  }
}

/**
 * Every sentence of an answer that a student reads, through the one display formatter: calculator syntax in a
 * step's explanation or a check's detail becomes what a book prints (the typeset maths is the step's `latex`).
 */
function forStudent(answer: TutorAnswer): TutorAnswer {
  return {
    ...answer,
    steps: answer.steps.map((step) => ({ ...step, explanation: readable(step.explanation) })),
    checks: answer.checks.map((check) => ({ ...check, detail: readable(check.detail) })),
    hints: answer.hints.map(readable),
  };
}

/** Checks a student's answer with the tool's engine. */
export function checkLocally(tool: ToolId, question: string, answer: string): CheckResult {
  try {
    const engine = engineFor(tool);
    if (!engine) {
      return { correct: false, differences: [`The ${TOOL_NAMES[tool]} cannot check answers without an AI model.`] };
    }
    const result = engine.check(question, answer);
    return { ...result, differences: result.differences.map(readable) };
  } catch (error) {
    console.error(`[tutor] ${tool} check failed`, error);
    return { correct: false, differences: ['This answer could not be checked reliably.'] };
  }
}

/** Three practice questions like this one, each solved and checked by the engine; none without an engine. */
export function practiceLocally(tool: ToolId, question: string): PracticeQuestion[] {
  try {
    return engineFor(tool)?.practice(question) ?? [];
  } catch (error) {
    console.error(`[tutor] ${tool} practice failed`, error);
    return [];
  }
}

/**
 * Checks a student's own next line of working ("Check my step"). An engine that throws is a bug, but the student
 * still hears an honest "could not check" rather than a verdict.
 */
export function checkStepLocally(tool: ToolId, question: string, step: string): CheckStepResult {
  try {
    // Loaded on first use, like the engines (engines.ts): it reads lines with mathjs.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
    const { checkStep } = require('./check-step') as typeof import('./check-step');
    return checkStep(tool, question, step);
  } catch (error) {
    console.error(`[tutor] ${tool} check-step failed`, error);
    return {
      status: 'unsupported',
      equivalent: false,
      finished: false,
      message: 'This step could not be checked reliably.',
    };
  }
}

/** What a task answers: an answer, a check's verdict, practice questions, or a model answer's check (or none). */
export type TaskResult = TutorAnswer | CheckResult | CheckStepResult | PracticeQuestion[] | Check | null;

/** Runs one task; the worker thread's entry point calls this. */
export function runTask(task: TutorTask): TaskResult {
  switch (task.type) {
    case 'solve':
      return solveLocally(task.tool, task.question, task.options);
    case 'check':
      return checkLocally(task.tool, task.question, task.answer);
    case 'practice':
      return practiceLocally(task.tool, task.question);
    case 'check-step':
      return checkStepLocally(task.tool, task.question, task.step);
    case 'check-model': {
      const check = checkModelAnswer(task.tool, task.question, task.answer);
      return check && { ...check, detail: readable(check.detail) };
    }
  }
}
