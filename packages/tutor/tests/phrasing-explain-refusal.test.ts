// Errors in the student's language (issue #13, finding 6): what was read, what was not, a rewrite from the
// student's own input, and the tool to ask when the question is for another one. Never a parser message.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');

const PARSER_WORDS = /position|unexpected|character|several variables|systems larger|say which one|unknowns \(/i;

const refused = (question: string) => {
  const answer = mathEngine.solve(question);
  assert.notEqual(answer.status, 'solved', question);
  assert.doesNotMatch(answer.reason ?? '', PARSER_WORDS, `${question}: ${answer.reason ?? ''}`);
  return answer;
};

describe('refusals in the student’s language', () => {
  test('a character that is not maths: the maths is read, the rewrite offered', () => {
    const answer = refused('2(x+3) = 5x - 6:');
    assert.equal(answer.reason, 'I could read the maths, but not the “:” in it. Did you mean: 2(x+3) = 5x - 6?');
    assert.deepEqual(answer.suggestion, { text: '2(x+3) = 5x - 6' });
    assert.deepEqual(refused('4y - 1 = 7 @').suggestion, { text: '4y - 1 = 7' });
  });
  test('words left around the maths: named, and the maths offered on its own', () => {
    const answer = refused('my homework says 2x + 3 = 9 find it');
    assert.match(answer.reason ?? '', /^I could read the maths “2x \+ 3 = 9”, but not the words “my”, “homework”/);
    assert.deepEqual(answer.suggestion, { text: '2x + 3 = 9' });
  });
  test('no maths at all', () => {
    assert.match(refused('what is the capital of France').reason ?? '', /^I could not find any maths to solve/);
  });
  test('an unfinished question is never "fixed" into another one', () => {
    const answer = refused('2x + 3 =');
    assert.equal(answer.suggestion, undefined);
    assert.match(answer.reason ?? '', /stops before it is finished/);
    // A rewrite never leaves maths out: a number, a relation or a word such as "percent" or "when".
    for (const question of ['what is 10 percent of 50 plus 5', 'evaluate 3x + 2 when x = 4', 'x > 3 and x < 5'])
      assert.equal(refused(question).suggestion, undefined, question);
    assert.match(refused('what is 10% of 50 + 5').reason ?? '', /only part of it as maths/);
    // A lone number of a word problem is not a rewrite.
    assert.equal(refused('A TV was $400 and is now $340. how many words').suggestion, undefined);
  });
  test('a question for another tool offers that tool, with the question carried over', () => {
    for (const question of ['H2 + O2 -> H2O', 'balance Fe + O2 = Fe2O3', 'CH4 + 2O2 → CO2 + 2H2O']) {
      const answer = refused(question);
      assert.deepEqual(answer.suggestion, { text: question, tool: 'chemistry-solver' }, question);
      assert.match(answer.reason ?? '', /chemical equation.*Chemistry Solver/);
    }
    assert.equal(refused('what is the molar mass of Ca(OH)2').suggestion?.tool, 'chemistry-solver');
    const physics = 'A ball is dropped from 45 m. How long does it take to hit the ground?';
    assert.deepEqual(refused(physics).suggestion, { text: physics, tool: 'physics-solver' });
    assert.equal(
      refused('A 1200 kg car speeds up from 10 m/s to 25 m/s in 5 s. What is the force?').suggestion?.tool,
      'physics-solver',
    );
  });
  test('maths is never sent to another tool', () => {
    for (const question of ['solve 2x + 3 = 7', 'x^2 - 5x + 6 = 0', 'integrate 3x^2 from 0 to 2'])
      assert.equal(mathEngine.solve(question).status, 'solved', question);
  });
  test('a "Did you mean" never drops a function name (red-team pattern 2)', () => {
    for (const question of [
      'tan x = 2 for 0 ≤ x < π',
      'sin x = 0.3 in [0, 2π]',
      'solve cos x = 0.7 and explain',
      'what is sqrt 17 about',
      'log x = 2 hmm',
    ]) {
      const answer = mathEngine.solve(question);
      const offered = answer.suggestion?.text ?? '';
      const names = (t: string) => (t.match(/sin|cos|tan|sqrt|log/g) ?? []).sort();
      if (offered) assert.deepEqual(names(offered), names(question), `${question} → ${offered}`);
      assert.doesNotMatch(answer.reason ?? '', /Did you mean: x = /, question);
    }
  });
});
