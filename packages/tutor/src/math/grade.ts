/**
 * check(): compares a student's answer with the engine's by value, never by spelling, so `x=3/2` equals `1.5`,
 * `2(x+1)` equals `2x+2`, and the order of roots does not matter.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { CheckResult } from '@studyease/contract';
import { type Node, InvalidInput, Unsupported, variables } from './ast';
import { type C, Undefined, close, complex, evaluate } from './evaluate';
import { fmt } from './common';
import { parse } from './parse';
import { slipOf } from '../mistake';

/**
 * A wrong value compared with the right ones, when both are real: a sign slip, or a factor slip when the question
 * has one right value only (beside several roots a ratio of 2 or ½ is as likely chance: x = 3 for roots −6 and 8 is
 * not "half the right one, with the wrong sign"), or null.
 */
const realSlip = (student: C, expected: readonly C[], single: boolean): string | null => {
  if (Math.abs(student.im) > 1e-12) return null;
  for (const e of expected) {
    if (Math.abs(e.im) > 1e-12) continue;
    const slip = slipOf(student.re, e.re);
    if (slip.kind === 'sign') return 'check its sign';
    if (slip.kind === 'factor' && single) return `it is ${slip.words}`;
  }
  return null;
};

/** A student's line quoted back, cut short: an answer of a whole paragraph is not printed again in full. */
const quoted = (part: string): string => `"${part.length > 40 ? `${part.slice(0, 37).trimEnd()}…` : part}"`;

/** `x = 2`, `x = 2 and x = 3`. */
const listed = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}` : items.join('');

const ok: CheckResult = { correct: true, differences: [] };
const wrong = (...differences: string[]): CheckResult => ({ correct: false, differences });

const tryParse = (text: string): Node | null => {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof InvalidInput || error instanceof Unsupported) return null;
    throw error;
  }
};

/** Splits `x = 2, x = 3`, `x=2 or x=3`, `2; 3` into parts (top-level commas only). */
export const splitAnswers = (text: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  // `(\S)` first: tried once per run of spaces, not from each space (quadratic on a long run).
  const s = text.replace(/(\S)\s+(or|and)\s+/gi, '$1,');
  for (const ch of s) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth--;
    if ((ch === ',' || ch === ';') && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
};

const normalizeWords = (s: string): string => s.toLowerCase().replace(/[^a-z]/g, '');

/** Grades phrase answers such as `no solution`, `all real numbers`. */
export const gradePhrase = (expected: string, student: string): CheckResult =>
  normalizeWords(student).includes(normalizeWords(expected)) ||
  (normalizeWords(expected).includes(normalizeWords(student)) && normalizeWords(student).length > 3)
    ? ok
    : // The right phrase is not given away: the student tries values in the question instead.
      wrong(
        `${quoted(student.trim())} is not the answer: try a value or two in the original question and see what happens`,
      );

/** Grades a set of values for one variable (roots) against the expected values, as a multiset. */
export const gradeRoots = (variable: string, expected: readonly C[], student: string, phrase?: string): CheckResult => {
  if (phrase) return gradePhrase(phrase, student);
  const values: C[] = [];
  // Each value as the student wrote it ("x = 1/3", not "x = 0.3333333333"): exact stays exact.
  const written = new Map<C, string>();
  for (const part of splitAnswers(student)) {
    const node = tryParse(part);
    if (!node) return wrong(`${quoted(part)} could not be read as a value`);
    let valueNode: Node = node;
    if (node.k === 'rel') {
      if (node.op !== '=' || node.a.k !== 'sym' || node.a.name !== variable) {
        return wrong(`${quoted(part)} should have the form ${variable} = value`);
      }
      valueNode = node.b;
    }
    if (variables(valueNode).length > 0) return wrong(`${quoted(part)} is not a value: write ${variable} = a number`);
    try {
      const value = evaluate(valueNode, {});
      values.push(value);
      written.set(value, `${variable} = ${(node.k === 'rel' ? (part.split('=')[1] ?? part) : part).trim()}`);
    } catch (error) {
      if (error instanceof Undefined) return wrong(`${quoted(part)} has no value`);
      throw error;
    }
  }
  // Where a wrong answer went wrong, never what the right roots are: a missing root, a sign or a factor slip, a
  // value that is one too many (issue #14).
  const remaining = [...expected];
  const found: C[] = [];
  const notRoots: C[] = [];
  for (const v of values) {
    const index = remaining.findIndex((e) => close(e, v, 1e-7));
    if (index >= 0) {
      remaining.splice(index, 1);
      found.push(v);
    } else notRoots.push(v);
  }
  const differences: string[] = [];
  for (const v of notRoots) {
    const shown = written.get(v) ?? `${variable} = ${fmt(v)}`;
    const slip = realSlip(v, remaining, expected.length === 1);
    if (slip) differences.push(`${shown} is not a solution: ${slip}`);
    else if (remaining.length === 0)
      differences.push(`${shown} is one too many: put it back into the original equation, the two sides differ`);
    else differences.push(`${shown} is not a solution: put it back into the equation, the two sides differ`);
  }
  const missing = remaining.length - notRoots.length;
  // The values that are right are said to be right: "x = 1 and x = 2" for roots 2 and −3 is half right.
  if (missing <= 0 && found.length > 0 && notRoots.length > 0) {
    const right = found.map((v) => written.get(v) ?? `${variable} = ${fmt(v)}`);
    differences.unshift(`${listed(right)} ${right.length > 1 ? 'are' : 'is'} right`);
  }
  if (missing > 0) {
    const more = missing === 1 ? 'there is one more solution' : `there are ${String(missing)} more solutions`;
    differences.push(
      found.length > 0
        ? `you found ${listed(found.map((v) => written.get(v) ?? `${variable} = ${fmt(v)}`))}; ${more}`
        : more,
    );
  }
  return differences.length ? wrong(...differences) : ok;
};

/** Grades `x = 1, y = 2` against expected values per variable. */
export const gradeAssignments = (expected: Readonly<Record<string, C>>, student: string): CheckResult => {
  const seen: Record<string, C> = {};
  const written: Record<string, string> = {};
  for (const part of splitAnswers(student)) {
    const node = tryParse(part);
    if (!node || node.k !== 'rel' || node.op !== '=' || node.a.k !== 'sym')
      return wrong(`${quoted(part)} should have the form name = value`);
    try {
      seen[node.a.name] = evaluate(node.b, {});
      // Split at the first "=" and trim the sides, rather than /\s*=\s*/, which is quadratic on a run of spaces.
      const equals = part.indexOf('=');
      written[node.a.name] = `${part.slice(0, equals).trim()} = ${part.slice(equals + 1).trim()}`;
    } catch {
      return wrong(`${quoted(part)} has no value`);
    }
  }
  const differences: string[] = [];
  for (const [name, value] of Object.entries(expected)) {
    const got = seen[name];
    if (!got) differences.push(`you did not give ${name}`);
    else if (!close(got, value, 1e-7)) {
      const slip = realSlip(got, [value], true);
      differences.push(
        `${written[name] ?? `${name} = ${fmt(got)}`} is not right: ${slip ?? 'put your values back into each equation and see which one fails'}`,
      );
    }
  }
  return differences.length ? wrong(...differences) : ok;
};

/**
 * Grades an expression against the expected one by evaluating both at sample points (equivalent forms agree
 * everywhere); `upToConstant` accepts any antiderivative (they may differ by a constant).
 */
export const gradeExpression = (
  expected: Node,
  student: string,
  options: { upToConstant?: boolean } = {},
): CheckResult => {
  let text = student.trim();
  if (options.upToConstant) text = text.replace(/\+\s*C\s*$/, '');
  let node = tryParse(text);
  if (!node) return wrong(`${quoted(student.trim())} could not be read as an expression`);
  if (node.k === 'rel' && node.op === '=' && node.a.k === 'sym' && !variables(node.b).includes(node.a.name)) {
    node = node.b; // `y = 2x + 2` or `f'(x) = …` style
  }
  const names = [...new Set([...variables(expected), ...variables(node)])].filter(
    (n) => !(options.upToConstant && n === 'C'),
  );
  const points = [0.37, 1.21, 2.03, -0.61, 0.83, 1.67];
  let offset: C | null = null;
  let compared = 0;
  const pairs: Array<{ e: C; s: C; at: string }> = [];
  for (const p of points) {
    const env: Record<string, C> = {};
    names.forEach((n, k) => (env[n] = complex(p + 0.13 * k)));
    let e: C;
    let s: C;
    try {
      e = evaluate(expected, env);
    } catch {
      continue;
    }
    try {
      s = evaluate(node, env);
    } catch {
      return wrong(
        `your expression is undefined at ${names.map((n) => `${n} = ${fmt(env[n]!)}`).join(', ')} where the answer is not`,
      );
    }
    compared++;
    if (options.upToConstant) {
      const diff = complex(s.re - e.re, s.im - e.im);
      if (!offset) offset = diff;
      else if (!close(diff, offset, 1e-7))
        return wrong('your antiderivative differs from a correct one by more than a constant');
    } else pairs.push({ e, s, at: names.map((n) => `${n} = ${fmt(env[n]!)}`).join(', ') });
  }
  const first = pairs.find(({ e, s }) => !close(e, s, 1e-7));
  if (first) return wrong(expressionSlip(pairs, first));
  return compared > 0 ? ok : wrong('the answers could not be compared');
};

/**
 * Where a wrong expression went wrong without showing the right one: the same expression times −1 or a common
 * factor (the same ratio at every sample point), a number too high or too low, or one point where it differs.
 */
const expressionSlip = (pairs: ReadonlyArray<{ e: C; s: C; at: string }>, first: { s: C; at: string }): string => {
  const real = pairs.every(({ e, s }) => Math.abs(e.im) < 1e-12 && Math.abs(s.im) < 1e-12);
  const ratios = pairs.filter(({ e }) => Math.abs(e.re) > 1e-9).map(({ e, s }) => s.re / e.re);
  const ratio = ratios[0];
  if (
    real &&
    ratio !== undefined &&
    ratios.length === pairs.length &&
    ratios.every((r) => Math.abs(r - ratio) < 1e-7 * Math.max(1, Math.abs(ratio)))
  ) {
    const slip = slipOf(ratio, 1);
    if (slip.kind === 'sign') return 'check the sign: your answer is the negative of the right one';
    if (slip.kind === 'factor') return `your answer is ${slip.words}`;
    if (first.at === '') return `your answer is too ${slip.direction}`;
  }
  return first.at === ''
    ? 'your answer is not the right value: go over the working again'
    : `your answer gives ${fmt(first.s)} at ${first.at}, where the right one does not: check each term`;
};
