// The one display formatter (src/readable.ts) and what it is for (issue #14): no step explanation, check detail or
// check verdict shows a student calculator syntax (`*`, `sqrt(`, `^`, `pi`). Scanned over every answer of the
// benchmark (bench/problems.json) and of the student-phrased corpus (bench/phrasing), as solveLocally hands it out.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { ToolId } from '@studyease/contract';
import type * as Readable from '../src/readable.ts';
import type * as Solve from '../src/solve.ts';
import { buildCorpus } from '../../../bench/phrasing/corpus.ts';
import { requireCompiled } from './support/compiled.ts';

const { readable } = requireCompiled<typeof Readable>('readable');
const { solveLocally, checkLocally } = requireCompiled<typeof Solve>('solve');

/** Calculator syntax a student should never read in a sentence. */
const CALCULATOR = /\*|sqrt\(|\^|\bpi\b/u;

describe('readable', () => {
  test('writes powers, roots, π and Greek letters as a book prints them', () => {
    assert.equal(readable('t = sqrt(2*h/g)'), 't = √(2h/g)');
    assert.equal(readable('x = -sqrt(13)'), 'x = -√13');
    assert.equal(readable('a = 3 m/s^2, V = 0.01 m^3'), 'a = 3 m/s², V = 0.01 m³');
    assert.equal(readable('6.626 × 10^-34 J*s'), '6.626 × 10⁻³⁴ J·s');
    assert.equal(readable('∫x^n dx = x^(n+1)/(n+1)'), '∫xⁿ dx = xⁿ⁺¹/(n+1)');
    assert.equal(readable('x = pi/2, x = 3*pi/2'), 'x = π/2, x = 3π/2');
    assert.equal(readable('R = v0^2*sin(2*theta)/g'), 'R = v0² sin(2θ)/g');
    assert.equal(readable('E = h*c/lambda, rho = m/V'), 'E = hc/λ, ρ = m/V');
  });

  test('products: juxtaposed where a book does, a dot elsewhere, never a changed meaning', () => {
    assert.equal(readable('2*k*pi'), '2kπ');
    assert.equal(readable('k*360°'), 'k·360°');
    assert.equal(readable('R = 8.314 J/(mol*K)'), 'R = 8.314 J/(mol·K)');
    assert.equal(readable('2 * x * sin(x) + x ^ 2 * cos(x)'), '2x sin(x) + x² cos(x)');
    // After a division the dot stays: "v/2t" would read as v/(2t).
    assert.equal(readable('s = (v0 + v)/2*t'), 's = (v0 + v)/2·t');
    assert.equal(readable('F = (2 kg)*(3 m/s^2)'), 'F = (2 kg)·(3 m/s²)');
  });

  test('units and words are left alone', () => {
    assert.equal(readable('R = 1500 ohm (from 1.5 kohm), T = 25 degC'), 'R = 1500 Ω (from 1.5 kΩ), T = 25 °C');
    assert.equal(readable("Ohm's law: the pipeline is spiced"), "Ohm's law: the pipeline is spiced");
    assert.equal(readable('an exponent it cannot raise: 2^Q'), 'an exponent it cannot raise: 2 to the power Q');
  });
});

describe('no calculator syntax in what a student reads', () => {
  const problems: Array<{ tool: ToolId; question: string }> = [
    ...(JSON.parse(readFileSync(new URL('../../../bench/problems.json', import.meta.url), 'utf8')) as Array<{
      tool: ToolId;
      question: string;
    }>),
    ...buildCorpus(),
  ];

  test(`every step explanation and check detail of ${String(problems.length)} answers`, () => {
    const shown: string[] = [];
    let sentences = 0;
    for (const { tool, question } of problems) {
      const answer = solveLocally(tool, question);
      for (const step of answer.steps) {
        sentences += 1;
        if (CALCULATOR.test(step.explanation)) shown.push(`${question} | step "${step.title}": ${step.explanation}`);
      }
      for (const check of answer.checks) {
        sentences += 1;
        if (CALCULATOR.test(check.detail)) shown.push(`${question} | check ${check.kind}: ${check.detail}`);
      }
    }
    assert.deepEqual(shown, []);
    // Not a scan of nothing: the answers have their steps and checks.
    assert.ok(sentences > 5000, `only ${String(sentences)} sentences scanned`);
  });

  test("a wrong answer's differences read the same way", () => {
    const result = checkLocally('math-solver', 'x^2 = 2', 'x = sqrt(2)');
    assert.equal(result.correct, false);
    for (const difference of result.differences) assert.doesNotMatch(difference, CALCULATOR);
  });
});
