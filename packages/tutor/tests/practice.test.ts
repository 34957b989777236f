// Issue #14: practice questions read as a teacher writes them (never "1x", "x^1", "+ 0", "- -3", "+ -2"), each is
// solved and checked by the engine before it is offered, and an exact answer stays exact (no "≈" in a math
// answer). Many questions per topic: practice of practice, so the seeds (the questions) keep changing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ToolId } from '@studyease/contract';
import type * as NaturalQuestion from '../src/math/natural-question.ts';
import type * as Solve from '../src/solve.ts';
import { requireCompiled } from './support/compiled.ts';

const { practiceLocally } = requireCompiled<typeof Solve>('solve');
const { naturalQuestion } = requireCompiled<typeof NaturalQuestion>('math/natural-question');

/** What a teacher never writes in a question. */
const UNNATURAL = /(?<![\d.])1[a-z(]|\^1(?![\d.])|[+-] ?0(?![\d.])(?![\d.])|[+-] -|[+-] \+|\*/;

const TOPICS: ReadonlyArray<[ToolId, string]> = [
  ['math-solver', '2x + 3 = 7'],
  ['math-solver', 'x^2 - 5x + 6 = 0'],
  ['math-solver', 'x/(x - 2) = 3'],
  ['math-solver', 'x + y = 3, x - y = 1'],
  ['math-solver', 'derivative of x^3 + 2x'],
  ['math-solver', 'integrate x^2 + 3x'],
  ['math-solver', 'integrate x^2 from 0 to 3'],
  ['math-solver', 'factor x^2 - 5x + 6'],
  ['math-solver', 'expand (x + 1)(x - 2)'],
  ['math-solver', '2x - 4 > 6'],
  ['math-solver', '1/2 + 1/3'],
  ['math-solver', '15% of 80'],
  ['math-solver', '2^x = 32'],
  ['math-solver', 'solve 2cos(x) - 1 = 0'],
  ['physics-solver', 'A ball is dropped from 20 m. How long does it take to hit the ground?'],
  ['chemistry-solver', 'H2 + O2 -> H2O'],
];

describe('naturalQuestion', () => {
  test('tidies what a template leaves', () => {
    assert.equal(naturalQuestion('1x + -2 = 3x - -4'), 'x - 2 = 3x + 4');
    assert.equal(naturalQuestion('x^2 - 1x + 0 = 0'), 'x^2 - x = 0');
    assert.equal(naturalQuestion('derivative of 3x^3 + 0x^2 - 1x^1'), 'derivative of 3x^3 - x');
    assert.equal(naturalQuestion('integrate 4x^2 + 1 from 0 to 3'), 'integrate 4x^2 + 1 from 0 to 3');
    assert.equal(naturalQuestion('11x + 0.1x = 10'), '11x + 0.1x = 10');
  });
});

describe('generated practice questions', () => {
  for (const [tool, seed] of TOPICS) {
    test(`${tool}: ${seed}`, () => {
      const questions = new Map<string, string>();
      let seeds = [seed];
      // Three rounds of practice of practice: up to 3 + 9 + 27 questions per topic.
      for (let round = 0; round < 3 && questions.size < 20; round += 1) {
        const next: string[] = [];
        for (const one of seeds) {
          for (const p of practiceLocally(tool, one)) {
            assert.equal(p.verified, true, `${p.question} was offered unchecked`);
            if (!questions.has(p.question)) next.push(p.question);
            questions.set(p.question, p.answer);
          }
        }
        seeds = next;
      }
      assert.ok(questions.size >= 3, `${seed}: only ${String(questions.size)} practice questions`);
      for (const [question, answer] of questions) {
        if (tool === 'math-solver') {
          assert.doesNotMatch(question, UNNATURAL, question);
          assert.doesNotMatch(answer, /≈/u, `${question}: ${answer} is not exact`);
        }
        if (tool === 'chemistry-solver') assert.doesNotMatch(question, /\b1[A-Z]/u, question);
        assert.doesNotMatch(question, /\s{2}/u, question);
      }
    });
  }
});
