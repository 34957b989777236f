// Issue #13, "shown arithmetic adds up": every "a × b = c", "a + b = c", "a − b = c" and "a / b = c" shown in a step
// of every answer of the benchmark (bench/problems.json) and of the student-phrased corpus (bench/phrasing), in every
// tool, is recomputed from the numbers as shown and must agree to its last shown digit: a student with a
// calculator gets the same figures. The recomputation is arithmetic-check.ts, the same scanner a model's answer
// goes through.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { ToolId } from '@studyease/contract';
import type * as ArithmeticCheck from '../src/arithmetic-check.ts';
import type * as Solve from '../src/solve.ts';
import { buildCorpus } from '../../../bench/phrasing/corpus.ts';
import { requireCompiled } from './support/compiled.ts';
import { latexAsText } from './support/latex-text.ts';

const { solveLocally } = requireCompiled<typeof Solve>('solve');
const { findArithmetic } = requireCompiled<typeof ArithmeticCheck>('arithmetic-check');

const problems: Array<{ tool: ToolId; question: string }> = [
  ...(JSON.parse(readFileSync(new URL('../../../bench/problems.json', import.meta.url), 'utf8')) as Array<{
    tool: ToolId;
    question: string;
  }>),
  ...buildCorpus(),
];

test('every calculation shown in a step adds up from the numbers as shown', () => {
  const wrong: string[] = [];
  const perTool = new Map<string, number>();
  for (const { tool, question } of problems) {
    const answer = solveLocally(tool, question);
    for (const step of answer.steps) {
      // Since issue #14 a step's working is its typeset `latex` and the explanation says it in words: both are read,
      // the LaTeX as the plain symbols it stands for (units, powers of ten, degrees).
      for (const text of [step.explanation, latexAsText(step.latex ?? '')]) {
        for (const statement of findArithmetic(text)) {
          perTool.set(tool, (perTool.get(tool) ?? 0) + 1);
          if (!statement.correct)
            wrong.push(`${question} | ${step.title}: ${statement.text} (${statement.computedText})`);
        }
      }
    }
  }
  assert.deepEqual(wrong, []);
  // Not a test that cannot fail: the scanner must have found the working of every engine.
  for (const tool of ['math-solver', 'physics-solver', 'chemistry-solver']) {
    assert.ok((perTool.get(tool) ?? 0) >= 50, `${tool}: only ${String(perTool.get(tool) ?? 0)} calculations found`);
  }
});

test('a calculation that does not add up is found', () => {
  const [statement] = findArithmetic('4 × 15.999 = 63.998');
  assert.equal(statement?.correct, false);
});
