// Every step of every math answer of the benchmark (bench/problems.json) and of the student-phrased corpus
// (bench/phrasing) is re-checked: an equation shown in a step must have the answer's solutions too, so a step that
// changes the equation's solutions (a wrong transformation) fails here. Roots are substituted with mathjs, a
// reader apart from the engine's, after our light-LaTeX reading of the step.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { create, all } from 'mathjs';
import type * as MathEngine from '../src/math/index.ts';
import type * as Parse from '../src/math/parse.ts';
import type * as Print from '../src/math/print.ts';
import type * as SecondReader from '../src/math/second-reader.ts';
import { requireCompiled } from './support/compiled.ts';
import { buildCorpus } from '../../../bench/phrasing/corpus.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');
const { parse } = requireCompiled<typeof Parse>('math/parse');
const { toText } = requireCompiled<typeof Print>('math/print');
const { forMathjs } = requireCompiled<typeof SecondReader>('math/second-reader');
const mathjs = create(all ?? {}, {});
mathjs.import({ logb: (base: number, x: number) => Math.log(x) / Math.log(base) }, { override: true });

interface BenchProblem {
  tool: string;
  question: string;
}

const questions = [
  ...(JSON.parse(readFileSync(new URL('../../../bench/problems.json', import.meta.url), 'utf8')) as BenchProblem[])
    .filter((p) => p.tool === 'math-solver')
    .map((p) => p.question),
  ...buildCorpus()
    .filter((p) => p.tool === 'math-solver')
    .map((p) => p.question),
];

/** The answer's values: one unknown's roots, or one solution of a system; null for phrases and general solutions. */
const solutionsOf = (text: string): Array<Record<string, number>> | null => {
  if (/\bk\b|°/.test(text)) return null;
  const pairs = text.split(/,\s*(?=[a-z]\s*=)/).map((part) => /^\s*([a-z])\s*=\s*([^=<>]+)$/.exec(part));
  if (pairs.length === 0 || pairs.some((p) => p === null)) return null;
  const values = pairs.map((p) => ({ name: p?.[1] ?? '', value: mathjs.evaluate(forMathjs(p?.[2] ?? '')) as unknown }));
  if (values.some((v) => typeof v.value !== 'number')) return null;
  const names = new Set(values.map((v) => v.name));
  return names.size === 1
    ? values.map((v) => ({ [v.name]: v.value as number }))
    : [Object.fromEntries(values.map((v) => [v.name, v.value as number]))];
};

/** A step's equation as plain text for mathjs, or null when the step shows no equation in the answer's unknowns. */
const equationOf = (latex: string, unknowns: ReadonlySet<string>): [string, string] | null => {
  try {
    const node = parse(latex);
    if (node.k !== 'rel' || node.op !== '=') return null;
    const text = toText(node);
    const names = (text.match(/\b[a-z]\b/g) ?? []).filter((n) => n !== 'e' && n !== 'i');
    if (names.some((n) => !unknowns.has(n))) return null;
    return [toText(node.a), toText(node.b)];
  } catch {
    return null;
  }
};

describe('every equation shown in a step has the answer’s solutions', () => {
  test(`${String(questions.length)} math questions of the benchmark and the phrasing corpus`, () => {
    let checked = 0;
    for (const question of questions) {
      const answer = mathEngine.solve(question);
      if (answer.status !== 'solved' || !answer.answer) continue;
      const solutions = solutionsOf(answer.answer.text);
      if (!solutions) continue;
      const unknowns = new Set(solutions.flatMap((s) => Object.keys(s)));
      for (const step of answer.steps) {
        const equation = step.latex === undefined ? null : equationOf(step.latex, unknowns);
        if (!equation) continue;
        // A system's step shows one equation of it: the one solution must satisfy it.
        for (const scope of solutions) {
          const left = mathjs.evaluate(forMathjs(equation[0]), scope) as unknown;
          const right = mathjs.evaluate(forMathjs(equation[1]), scope) as unknown;
          if (typeof left !== 'number' || typeof right !== 'number') continue;
          checked += 1;
          assert.ok(
            Math.abs(left - right) <= 1e-7 * Math.max(1, Math.abs(left), Math.abs(right)),
            `${question}: step "${step.title}" (${step.latex}) does not hold at ${JSON.stringify(scope)}`,
          );
        }
      }
    }
    assert.ok(checked > 100, `only ${String(checked)} step equations were checked`);
  });
});
