/**
 * What every math solver returns before it becomes the contract's TutorAnswer: the answer, steps, checks and
 * hints, plus a grader for check() and a generator of similar questions for practice().
 */
import type { Check, CheckResult, Step } from '@studyease/contract';
import type { Node } from './ast';
import type { Reading } from './second-reader';
import { type C, complex } from './evaluate';
import { toLatex, toText } from './print';

export interface Outcome {
  kind: string;
  answer: { text: string; latex: string };
  steps: Step[];
  checks: Check[];
  hints: string[];
  /** Grades a student's answer against this one (equivalent forms count). */
  grade: (student: string) => CheckResult;
  /** A similar question with new numbers (null when this kind has no generator). */
  similar?: ((random: () => number) => string) | undefined;
  /** How the question was read, for the second reader, when prepare() alone does not say (an interval, degrees). */
  reading?: Reading | undefined;
}

export const step = (title: string, explanation: string, latex?: Node | string): Step =>
  latex === undefined
    ? { title, explanation }
    : { title, explanation, latex: typeof latex === 'string' ? latex : toLatex(latex) };

export const show = (node: Node): string => toText(node);

/** Formats a complex number for check details. */
export const fmt = (v: C): string => {
  const r = (x: number): string => (Math.abs(x) < 1e-12 ? '0' : Number(x.toPrecision(10)).toString());
  return Math.abs(v.im) < 1e-12 ? r(v.re) : `${r(v.re)} ${v.im < 0 ? '-' : '+'} ${r(Math.abs(v.im))}*i`;
};

/** The engines' seeded random source (mulberry32, random.ts): practice and sample points reproducible per question. */
export { seededRandom as seeded } from '../random';

/** A random integer in [lo, hi], optionally avoiding some values (zero coefficients make degenerate practice). */
export const randInt = (random: () => number, lo: number, hi: number, avoid: number[] = []): number => {
  for (;;) {
    const v = lo + Math.floor(random() * (hi - lo + 1));
    if (!avoid.includes(v)) return v;
  }
};

export const ZERO_C = complex(0);
