// The issue #13 probe: 1,000 grade-school word problems (bench/phrasing/word-problems.ts) through the engines with
// no model. Without a model most are refused, and that is fine; any answer given must be the story's number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type * as Solve from '../src/solve.ts';
import { gradeWordProblem, wordProblems } from '../../../bench/phrasing/word-problems.ts';
import { requireCompiled } from './support/compiled.ts';

const { solveLocally } = requireCompiled<typeof Solve>('solve');

test('no grade-school word problem is answered wrongly', () => {
  const wrong: string[] = [];
  let right = 0;
  for (const problem of wordProblems()) {
    const answer = solveLocally(problem.tool, problem.question);
    const verdict = gradeWordProblem(problem, answer);
    if (verdict === 'right') right += 1;
    if (verdict === 'wrong')
      wrong.push(`${problem.question} → ${answer.answer?.text ?? ''} (${String(problem.answer)})`);
  }
  assert.deepEqual(wrong, [], `${String(wrong.length)} wrong, ${String(right)} right`);
});

test('the grader can fail: a wrong number is graded wrong, a refusal refused', () => {
  const [problem] = wordProblems(1);
  assert.ok(problem);
  const said = (text: string) => gradeWordProblem(problem, { status: 'solved', answer: { text } });
  assert.equal(said(String(problem.answer)), 'right');
  assert.equal(said(String(problem.answer + 1)), 'wrong');
  assert.equal(gradeWordProblem(problem, { status: 'unsupported', answer: null }), 'refused');
});
