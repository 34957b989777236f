import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathText from '../src/tutor/read-image/math-text.ts';
import { requireCompiled } from './support/compiled.ts';

const { cleanMathText, isMathLine, mathTextToLatex } = requireCompiled<typeof MathText>(
  'src/tutor/read-image/math-text',
);

describe('cleanMathText', () => {
  test('turns Unicode maths into the engines input', () => {
    assert.equal(cleanMathText('x² − 5x + 6 = 0'), 'x^2 - 5x + 6 = 0');
    assert.equal(cleanMathText('3 × 4 · 2 ÷ 6 = y'), '3 * 4 * 2/6 = y');
    assert.equal(cleanMathText('2x³ = 16'), '2x^3 = 16');
    assert.equal(cleanMathText('½x = 4'), '1/2x = 4');
  });

  test('spaces the operators the same way every time', () => {
    assert.equal(cleanMathText('2x +3 =11'), '2x + 3 = 11');
    assert.equal(cleanMathText('(x+1)/2=5'), '(x + 1)/2 = 5');
    assert.equal(cleanMathText('x = -3'), 'x = -3');
    assert.equal(cleanMathText('2x-3>=7'), '2x - 3 >= 7');
  });

  test('reads "x2" after OCR of x² as a power', () => {
    assert.equal(cleanMathText('x2 - 5x + 6 = 0'), 'x^2 - 5x + 6 = 0');
    assert.equal(cleanMathText('3y2 = 12'), '3y^2 = 12');
    assert.equal(cleanMathText('y? - 9 = 0'), 'y^2 - 9 = 0');
  });

  test('reads x between two numbers as times only when x is not the variable', () => {
    assert.equal(cleanMathText('3x4 + 5 = y'), '3 * 4 + 5 = y');
    assert.equal(cleanMathText('2x2 + 3x = 5'), '2x^2 + 3x = 5');
  });

  test('fixes O/0 and l/1 only beside digits', () => {
    assert.equal(cleanMathText('2x + 3 = 1l'), '2x + 3 = 11');
    assert.equal(cleanMathText('x + 1O = 2O'), 'x + 10 = 20');
    assert.equal(cleanMathText('O.5x = 2'), '0.5x = 2');
    assert.equal(cleanMathText('log(x) = 2'), 'log(x) = 2');
    assert.equal(cleanMathText('Sy - 7 = 18'), '5y - 7 = 18');
    assert.equal(cleanMathText('05x + 1.5 = 4'), '0.5x + 1.5 = 4');
    assert.equal(cleanMathText('x + 10 = 20'), 'x + 10 = 20');
  });

  test('lower-cases a lone X or Y and drops a letter read twice', () => {
    assert.equal(cleanMathText('6X - 10 = 4x + 2'), '6x - 10 = 4x + 2');
    assert.equal(cleanMathText('3 * 4 + 5 = Yy'), '3 * 4 + 5 = y');
  });

  test('puts a fraction set on three lines on one line', () => {
    assert.equal(cleanMathText('x + 1\n-----\n2'), '(x + 1)/2');
  });

  test('leaves the words of a word problem alone and joins its lines', () => {
    assert.equal(
      cleanMathText('A train travels 120 km in 2\nhours. What is its speed?'),
      'A train travels 120 km in 2 hours. What is its speed?',
    );
    assert.equal(cleanMathText('Solve: 2x+3=1l'), 'Solve: 2x + 3 = 11');
  });

  test('gives nothing for a picture of nothing', () => {
    assert.equal(cleanMathText(' \n ~ \n'), '');
  });
});

describe('isMathLine', () => {
  test('tells a formula from a sentence', () => {
    assert.equal(isMathLine('sqrt(x) + 2 = 5'), true);
    assert.equal(isMathLine('Tom has 15 apples.'), false);
  });
});

describe('mathTextToLatex', () => {
  test('braces powers and writes products and words as LaTeX', () => {
    assert.equal(mathTextToLatex('x^2 - 5x + 6 = 0'), 'x^{2} - 5x + 6 = 0');
    assert.equal(mathTextToLatex('3 * 4 = y'), '3 \\cdot 4 = y');
    assert.equal(mathTextToLatex('Find 10% of 50.'), '\\text{Find 10\\% of 50.}');
  });
});
