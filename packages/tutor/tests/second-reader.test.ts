// The second reader (mathjs) and the engine's own reader must read the same plain text the same way: names with
// digits, implicit products and unicode symbols are evaluated by both at sample points. And an answer the second
// reading contradicts is never "Checked" (finding 1: log10(x) + log10(x - 3) = 1 was answered x = 2).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import type * as Parse from '../src/math/parse.ts';
import type * as Evaluate from '../src/math/evaluate.ts';
import type * as SecondReader from '../src/math/second-reader.ts';
import { requireCompiled } from './support/compiled.ts';
import { create, all } from 'mathjs';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');
const { parse } = requireCompiled<typeof Parse>('math/parse');
const { evaluate, complex } = requireCompiled<typeof Evaluate>('math/evaluate');
const { forMathjs, checkAgainstSecondReading, SECOND_READING } =
  requireCompiled<typeof SecondReader>('math/second-reader');

const mathjs = create(all ?? {}, {});
mathjs.import({ logb: (base: number, x: number) => Math.log(x) / Math.log(base) }, { override: true });

/** Both readers' values of `text` at x (null where a reader finds it undefined). */
const both = (text: string, x: number): [number, number] => {
  const ours = evaluate(parse(text), { x: complex(x) }).re;
  const theirs = mathjs.evaluate(forMathjs(text), { x }) as number;
  return [ours, theirs];
};

describe('both readers read the same text the same way', () => {
  const cases: Array<[string, (x: number) => number]> = [
    ['log10(x)', (x) => Math.log10(x)],
    ['log10(x)+log10(x-3)', (x) => Math.log10(x) + Math.log10(x - 3)],
    ['log2(x)', (x) => Math.log2(x)],
    ['log_2(x)', (x) => Math.log2(x)],
    ['log(x)', (x) => Math.log10(x)],
    ['ln(x)', (x) => Math.log(x)],
    ['2x', (x) => 2 * x],
    ['3(x+1)', (x) => 3 * (x + 1)],
    ['x sin x', (x) => x * Math.sin(x)],
    ['x sin(x)', (x) => x * Math.sin(x)],
    ['sin^2(x) + cos x', (x) => Math.sin(x) ** 2 + Math.cos(x)],
    ['2x − 3', (x) => 2 * x - 3],
    ['3 × x', (x) => 3 * x],
    ['2·x', (x) => 2 * x],
    ['x²', (x) => x * x],
    ['√x', (x) => Math.sqrt(x)],
    ['√(x+1)', (x) => Math.sqrt(x + 1)],
    ['πx', (x) => Math.PI * x],
    ['2π', () => 2 * Math.PI],
    ['0x + 5', () => 5],
    ['\\frac{1}{2}x + \\sqrt{x}', (x) => x / 2 + Math.sqrt(x)],
  ];
  for (const [text, expected] of cases) {
    test(text, () => {
      for (const x of [3.7, 5.2, 11.9]) {
        const [ours, theirs] = both(text, x);
        assert.ok(Math.abs(ours - expected(x)) < 1e-9, `ours: ${text} at ${String(x)} is ${String(ours)}`);
        assert.ok(Math.abs(theirs - expected(x)) < 1e-9, `mathjs: ${text} at ${String(x)} is ${String(theirs)}`);
      }
    });
  }
  test('atan2 is read by mathjs as the two-argument arctangent, and refused by ours in plain words', () => {
    assert.ok(Math.abs((mathjs.evaluate(forMathjs('atan2(1, 1)')) as number) - Math.PI / 4) < 1e-12);
    const answer = mathEngine.solve('atan2(1, 1)');
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason ?? '', /atan2/);
  });
});

describe('the second reading decides the badge', () => {
  test('log10(x)+log10(x-3)=1 is x = 5, checked by both readers (finding 1)', () => {
    const answer = mathEngine.solve('log10(x)+log10(x-3)=1');
    assert.equal(answer.answer?.text, 'x = 5');
    assert.equal(answer.verified, true);
    assert.ok(answer.checks.some((c) => c.kind === SECOND_READING && c.passed));
  });
  test('the misreading x = 2 would have been refused the badge by the second reader', () => {
    const check = checkAgainstSecondReading({ body: 'log10(x)+log10(x-3)=1', intent: 'auto' }, 'x = 2');
    assert.equal(check.passed, false);
    assert.match(check.detail, /a second reading of the question gives something else/);
  });
  test('a root the second reading does not satisfy fails, and says so', () => {
    const check = checkAgainstSecondReading({ body: 'x^2 - 5x + 6 = 0', intent: 'auto' }, 'x = 2, x = 4');
    assert.equal(check.passed, false);
  });
  test('complex roots, systems, derivatives, integrals and limits are read again', () => {
    for (const question of [
      'x^2 + 1 = 0',
      'x+y=3, x-y=1',
      'derivative of x^2 sin x',
      'integral of x^2 from 0 to 3',
      'limit of sin(x)/x as x -> 0',
      'x^2 - 4 > 0',
    ]) {
      const answer = mathEngine.solve(question);
      assert.ok(
        answer.checks.some((c) => c.kind === SECOND_READING && c.passed),
        `${question}: ${JSON.stringify(answer.checks)}`,
      );
      assert.equal(answer.verified, true, question);
    }
  });
  test('a trig equation in degrees is read in degrees, and a missing solution in the interval is found', () => {
    const reading = {
      body: 'sin(x) = 1/2',
      intent: 'auto' as const,
      interval: { variable: 'x', lower: '0', upper: '360', lowerOpen: false, upperOpen: true, degrees: true },
    };
    assert.equal(checkAgainstSecondReading(reading, 'x = 30°, x = 150°').passed, true);
    const missing = checkAgainstSecondReading(reading, 'x = 30°');
    assert.equal(missing.passed, false);
    assert.match(missing.detail, /leaves out/);
  });
});

describe('the second reader reads implicit products before a bracket and absolute values as a student means them', () => {
  const cases: Array<[string, (x: number) => number]> = [
    ['x(x - 4)', (x) => x * (x - 4)],
    ['2x(x + 1)', (x) => 2 * x * (x + 1)],
    ['x (x + 1)(x - 2)', (x) => x * (x + 1) * (x - 2)],
    ['|x - 2|', (x) => Math.abs(x - 2)],
    ['|2x + 1| + |x|', (x) => Math.abs(2 * x + 1) + Math.abs(x)],
    ['sin(x) + x(2)', (x) => Math.sin(x) + 2 * x],
  ];
  for (const [text, value] of cases) {
    test(text, () => {
      for (const x of [-1.3, 0.4, 2.7]) {
        const theirs = mathjs.evaluate(forMathjs(text), { x }) as number;
        assert.ok(Math.abs(theirs - value(x)) < 1e-9, `${text} at ${String(x)}: ${String(theirs)}`);
      }
    });
  }
  test('so the right answers to such equations are Checked', () => {
    for (const question of [
      'solve x(x - 4) = 0',
      't(t + 3) = 0',
      '3y(y - 2) = 0',
      'solve |x - 2| = 5',
      '|2k + 1| = 7',
    ]) {
      const answer = mathEngine.solve(question);
      assert.equal(answer.verified, true, `${question}: ${JSON.stringify(answer.checks)}`);
    }
  });
});
