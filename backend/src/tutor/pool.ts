import path from 'node:path';
import { Piscina } from 'piscina';
import {
  type Check,
  type CheckResult,
  type CheckStepResult,
  type PracticeQuestion,
  refusedAnswer,
  type SkillId,
  type SolveOptions,
  type ToolId,
  type TutorAnswer,
} from '@studyease/contract';
import { AnswerCache } from './answer-cache';
import type { TutorTask } from '@studyease/tutor';

let pool: Piscina | null = null;

function getPool(maxThreads: number): Piscina {
  // Created on first use: the backend starts without paying for threads nobody asked for.
  pool ??= new Piscina({
    filename: path.join(__dirname, 'worker.js'),
    minThreads: 0,
    maxThreads,
    idleTimeout: 60_000,
  });
  return pool;
}

class TaskTimeout extends Error {}

async function runWithTimeout(task: TutorTask, timeoutMs: number, maxThreads: number): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TaskTimeout()), timeoutMs);
  try {
    // Aborting terminates the worker thread, so a runaway computation (2^(10^10)) cannot keep a core busy.
    return await getPool(maxThreads).run(task, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof TaskTimeout ||
    (error instanceof Error && (error.name === 'AbortError' || error.cause instanceof TaskTimeout))
  );
}

export interface PoolSettings {
  timeoutMs: number;
  maxThreads: number;
}

/**
 * Solves in a worker with a time limit. Past the limit the answer is "unsupported: too hard to do reliably".
 */
export async function solveInPool(
  tool: ToolId,
  question: string,
  options: SolveOptions | undefined,
  settings: PoolSettings,
): Promise<TutorAnswer> {
  return answers.get(
    JSON.stringify([tool, question, options ?? null]),
    () => solveUncached(tool, question, options, settings),
    (answer) => answer.kind !== 'too-hard',
  );
}

/** The engines' answers to recent questions (see AnswerCache). */
const answers = new AnswerCache<TutorAnswer>(2000);

async function solveUncached(
  tool: ToolId,
  question: string,
  options: SolveOptions | undefined,
  settings: PoolSettings,
): Promise<TutorAnswer> {
  try {
    const task: TutorTask = options ? { type: 'solve', tool, question, options } : { type: 'solve', tool, question };
    return (await runWithTimeout(task, settings.timeoutMs, settings.maxThreads)) as TutorAnswer;
  } catch (error) {
    if (isTimeout(error)) {
      return refusedAnswer(
        tool,
        'unsupported',
        'too-hard',
        question,
        `This problem is too hard to solve reliably within ${settings.timeoutMs / 1000} s.`,
      );
    }
    throw error;
  }
}

/** Checks an answer in a worker with the same time limit. */
export async function checkInPool(
  tool: ToolId,
  question: string,
  answer: string,
  settings: PoolSettings,
): Promise<CheckResult> {
  try {
    return (await runWithTimeout(
      { type: 'check', tool, question, answer },
      settings.timeoutMs,
      settings.maxThreads,
    )) as CheckResult;
  } catch (error) {
    if (isTimeout(error)) return { correct: false, differences: ['This answer is too hard to check reliably.'] };
    throw error;
  }
}

/**
 * "Check my step" in a worker with the same time limit: it solves the student's line as well as the question.
 * Past the limit the step is not checked, and the student is told so (never a verdict).
 */
export async function checkStepInPool(
  tool: ToolId,
  question: string,
  step: string,
  settings: PoolSettings,
): Promise<CheckStepResult> {
  try {
    return (await runWithTimeout(
      { type: 'check-step', tool, question, step },
      settings.timeoutMs,
      settings.maxThreads,
    )) as CheckStepResult;
  } catch (error) {
    if (isTimeout(error))
      return {
        status: 'unsupported',
        equivalent: false,
        finished: false,
        message: 'This step is too hard to check reliably in time.',
      };
    throw error;
  }
}

/**
 * An engine's check of a model's final answer, in a worker with the same time limit: it reads text the model (and,
 * through it, anyone) wrote, so it must never run on the main thread, where a slow reading would stall every
 * request and stream (issue #11). Past the limit the answer is simply not checked (null).
 */
export async function checkModelAnswerInPool(
  tool: ToolId,
  question: string,
  answer: string,
  settings: PoolSettings,
): Promise<Check | null> {
  try {
    return (await runWithTimeout(
      { type: 'check-model', tool, question, answer },
      settings.timeoutMs,
      settings.maxThreads,
    )) as Check | null;
  } catch (error) {
    if (isTimeout(error)) return null;
    throw error;
  }
}

/** Practice questions in a worker; past the time limit there are none rather than a stalled request. */
export async function practiceInPool(
  tool: ToolId,
  question: string,
  settings: PoolSettings,
): Promise<PracticeQuestion[]> {
  try {
    return (await runWithTimeout(
      { type: 'practice', tool, question },
      settings.timeoutMs,
      settings.maxThreads,
    )) as PracticeQuestion[];
  } catch (error) {
    if (isTimeout(error)) return [];
    throw error;
  }
}

/**
 * Fresh questions for a skill (issue #16's practice sessions), each solved and verified by the engine, none in
 * `avoid`, in a worker; past the time limit there are none rather than a stalled request.
 */
export async function skillPracticeInPool(
  skill: SkillId,
  options: { seedQuestion?: string | undefined; seed: string; count: number; avoid: string[] },
  settings: PoolSettings,
): Promise<PracticeQuestion[]> {
  const { seedQuestion, ...rest } = options;
  const task: TutorTask = { type: 'skill-practice', skill, ...rest, ...(seedQuestion ? { seedQuestion } : {}) };
  try {
    return (await runWithTimeout(task, settings.timeoutMs, settings.maxThreads)) as PracticeQuestion[];
  } catch (error) {
    if (isTimeout(error)) return [];
    throw error;
  }
}

/** Stops the worker threads (on server shutdown). */
export async function closePool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
