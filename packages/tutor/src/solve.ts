import {
  type Check,
  type CheckResult,
  type CheckStepResult,
  type PracticeQuestion,
  refusedAnswer,
  type SkillId,
  skillById,
  skillOfKind,
  type SolveOptions,
  type ToolId,
  type TutorAnswer,
} from '@studyease/contract';
import type { EnginePractice } from './engine';
import { checkModelAnswer, engineFor } from './engines';
import { MORE_SEEDS } from './practice-seeds';
import { seededRandom } from './random';
import { readable } from './readable';

/** A unit of work for the worker pool: plain data, so it crosses thread boundaries. */
export type TutorTask =
  | { type: 'solve'; tool: ToolId; question: string; options?: SolveOptions }
  | { type: 'check'; tool: ToolId; question: string; answer: string }
  | { type: 'practice'; tool: ToolId; question: string }
  /** Fresh practice for a skill (issue #16): see practiceForSkill. */
  | { type: 'skill-practice'; skill: SkillId; seedQuestion?: string; seed: string; count: number; avoid: string[] }
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
 * The one place an engine's answer gets its skill (issue #16), from its kind.
 */
function forStudent(answer: TutorAnswer): TutorAnswer {
  const skill = answer.status === 'solved' ? skillOfKind(answer.kind) : undefined;
  return {
    ...answer,
    ...(skill && { skill }),
    practice: answer.practice.map((one) => ({ ...one, ...(skill && { skill }) })),
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

/** An engine's practice question as the student gets it: its skill from its kind (the one place), no kind. */
function withSkill({ question, answer, verified, kind }: EnginePractice): PracticeQuestion {
  const skill = skillOfKind(kind);
  return { question, answer, verified, ...(skill && { skill }) };
}

/** Three practice questions like this one, each solved and checked by the engine; none without an engine. */
export function practiceLocally(tool: ToolId, question: string): PracticeQuestion[] {
  try {
    return (engineFor(tool)?.practice(question) ?? []).map(withSkill);
  } catch (error) {
    console.error(`[tutor] ${tool} practice failed`, error);
    return [];
  }
}

/** What practiceForSkill is asked for (the worker task `skill-practice` carries the same). */
export interface SkillPracticeOptions {
  /** The student's own last question of this skill: practice grows from it. Absent: the skill's example. */
  seedQuestion?: string | undefined;
  /** Any text; a different seed gives different questions, the same seed the same ones. */
  seed: string;
  count: number;
  /** Questions already issued to the student: none of them comes back. */
  avoid?: readonly string[] | undefined;
}

/**
 * Fresh practice for a skill: up to `count` questions, each solved and verified by the skill's engine, none in
 * `avoid`, none twice. They grow from the seed question (new numbers, or a new question of the same type drawn
 * from the engine's generator); where it grows too few (a question with no generator, or of another skill), the
 * skill's example and its other seeds (practice-seeds.ts) make up the rest. Fewer than `count` only when the
 * engine cannot make more.
 */
export function practiceForSkill(skill: SkillId, options: SkillPracticeOptions): PracticeQuestion[] {
  const entry = skillById(skill);
  const engine = entry && engineFor(entry.tool);
  if (!entry || !engine) return [];
  const random = seededRandom(`${skill}\u0000${options.seed}`);
  const avoid = new Set(options.avoid ?? []);
  const out: PracticeQuestion[] = [];
  const grow = (seedQuestion: string, count: number): void => {
    let grown: EnginePractice[];
    try {
      grown = engine.practice(seedQuestion, { random, count, avoid });
    } catch (error) {
      console.error(`[tutor] ${entry.tool} practice for ${skill} failed`, error);
      return;
    }
    for (const one of grown.slice(0, count)) {
      // Only verified questions of this very skill, each once: a seed of another kind grows its own kind.
      if (!one.verified || skillOfKind(one.kind) !== skill || avoid.has(one.question)) continue;
      avoid.add(one.question);
      out.push(withSkill(one));
    }
  };
  // The student's own question first: as many as it grows.
  const own = options.seedQuestion?.trim();
  if (own) grow(own, options.count);
  // Then the skill's seeds in an order drawn from the seed, one question each in turn, so a session mixes the
  // skill's question types; a seed that grows nothing more is dropped.
  let seeds = [entry.example, ...(MORE_SEEDS[skill] ?? [])]
    .filter((one) => one !== own)
    .map((one) => ({ one, order: random() }))
    .sort((a, b) => a.order - b.order)
    .map(({ one }) => one);
  while (out.length < options.count && seeds.length > 0) {
    const spent = new Set<string>();
    for (const seedQuestion of seeds) {
      if (out.length >= options.count) break;
      const before = out.length;
      grow(seedQuestion, 1);
      if (out.length === before) spent.add(seedQuestion);
    }
    seeds = seeds.filter((one) => !spent.has(one));
  }
  return out;
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
    case 'skill-practice':
      return practiceForSkill(task.skill, task);
    case 'check-step':
      return checkStepLocally(task.tool, task.question, task.step);
    case 'check-model': {
      const check = checkModelAnswer(task.tool, task.question, task.answer);
      return check && { ...check, detail: readable(check.detail) };
    }
  }
}
