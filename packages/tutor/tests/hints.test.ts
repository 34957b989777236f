// Issue #14, "hints that tutor": every hint names the next move, never a fixed intermediate line the student must
// match (a student who reached 2x − 8 = 0 is as right as one who reached x − 4 = 0); the hints climb from what kind
// of problem it is to the last move before the answer; and their math reads as a book prints it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { ToolId } from '@studyease/contract';
import type * as Solve from '../src/solve.ts';
import { buildCorpus } from '../../../bench/phrasing/corpus.ts';
import { requireCompiled } from './support/compiled.ts';

const { solveLocally } = requireCompiled<typeof Solve>('solve');

const bench = JSON.parse(readFileSync(new URL('../../../bench/problems.json', import.meta.url), 'utf8')) as {
  tool: ToolId;
  question: string;
}[];
const questions = [...buildCorpus(30), ...bench].map(({ tool, question }) => ({ tool, question }));
const answered = questions
  .map(({ tool, question }) => ({ question, answer: solveLocally(tool, question) }))
  .filter(({ answer }) => answer.status === 'solved');

/** "You should reach x − 4 = 0", "you get 3x = 9": a line the student is told to arrive at. */
const TARGET = [
  /\byou should (?:reach|get|have|obtain|end up with)\b/iu,
  /\b(?:reach|get|obtain|arrive at|end up with)\b[^.?!]*=/iu,
];
/** What a calculator reads and a student should not have to: `*`, `sqrt(`, `^`. */
const CALCULATOR = /\*|\bsqrt\(|\^/u;

describe('hints', () => {
  test('the corpus and the benchmark give hints for most solved answers', () => {
    assert.ok(answered.length > 600, `${String(answered.length)} solved answers`);
  });

  test('no hint states an intermediate equation as a target', () => {
    const offending = answered.flatMap(({ question, answer }) =>
      answer.hints.filter((hint) => TARGET.some((pattern) => pattern.test(hint))).map((hint) => `${question}: ${hint}`),
    );
    assert.deepEqual(offending, []);
  });

  test('every hint ladder starts with what kind of problem it is and has a next move after it', () => {
    const offending = answered
      .filter(({ answer }) => answer.hints.length < 2 || !/^This (?:is|asks)\b/u.test(answer.hints[0] ?? ''))
      .map(({ question, answer }) => `${question}: ${answer.hints.join(' | ')}`);
    assert.deepEqual(offending, []);
  });

  test('every hint is plain words or readable math, without calculator syntax', () => {
    const offending = answered.flatMap(({ question, answer }) =>
      answer.hints.filter((hint) => CALCULATOR.test(hint)).map((hint) => `${question}: ${hint}`),
    );
    assert.deepEqual(offending, []);
  });

  test('the linear equation of the issue names moves, so 2x − 8 = 0 and x − 4 = 0 are both on its path', () => {
    const { hints } = solveLocally('math-solver', '4x + 3 = 2x + 11');
    assert.equal(hints.length, 3);
    assert.match(hints[0] ?? '', /linear equation/u);
    assert.match(hints[1] ?? '', /Collect the x terms on one side/u);
    assert.match(hints[2] ?? '', /divide both sides/u);
    assert.doesNotMatch(hints.join(' '), /x\s*[-−]\s*4|2x\s*[-−]\s*8/u);
  });

  test('the quadratic hints name no values of a, b, c or D, which depend on how the student arranged it', () => {
    const { hints } = solveLocally('math-solver', '2x^2 + 16x = 0');
    assert.doesNotMatch(hints.join(' '), /[abcD] = -?\d/u);
    assert.match(hints.at(-1) ?? '', /quadratic formula|\(−b ± √D\)/u);
  });

  test('a physics ladder asks which formula links the quantities before it names one', () => {
    const { hints } = solveLocally(
      'physics-solver',
      'A ball is dropped from 55 m. How fast is it going when it hits the ground?',
    );
    assert.match(hints[1] ?? '', /^Which formula links h and v\?/u);
    assert.match(hints[2] ?? '', /v² = 2gh/u);
  });
});
