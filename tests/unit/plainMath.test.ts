import { describe, expect, test } from 'vitest';
import { chemistryTex } from '@/lib/chemistryTex';
import { findPlainMath, formulaToTex, termToTex } from '@/lib/plainMath';

const texOf = (text: string) => findPlainMath(text).map((run) => [text.slice(run.start, run.end), run.tex]);

describe('plain-text maths in a sentence', () => {
  test.each([
    ['Solve x^2 - 5x + 6 = 0 by factoring.', [['x^2 - 5x + 6 = 0', 'x^{2} - 5x + 6 = 0']]],
    [
      'The solutions are x = 2, x = 3.',
      [
        ['x = 2', 'x = 2'],
        ['x = 3', 'x = 3'],
      ],
    ],
    [
      'with a = 1, b = -5, c = 6.',
      [
        ['a = 1', 'a = 1'],
        ['b = -5', 'b = -5'],
        ['c = 6', 'c = 6'],
      ],
    ],
    [
      'Balance C3H8 + O2 -> CO2 + H2O',
      [
        [
          'C3H8 + O2 -> CO2 + H2O',
          '\\mathrm{C}_{3}\\mathrm{H}_{8} + \\mathrm{O}_{2} \\rightarrow \\mathrm{CO}_{2} + \\mathrm{H}_{2}\\mathrm{O}',
        ],
      ],
    ],
    [
      '4 Fe + 3 O2 → 2 Fe2O3.',
      [['4 Fe + 3 O2 → 2 Fe2O3', '4 \\mathrm{Fe} + 3 \\mathrm{O}_{2} \\rightarrow 2 \\mathrm{Fe}_{2}\\mathrm{O}_{3}']],
    ],
    ['Solve the formula: t = sqrt(2*h/g)', [['t = sqrt(2*h/g)', 't = \\sqrt{2 \\cdot h/g}']]],
    [
      'so h = 20 m and g = 9.81 m/s^2.',
      [
        ['h = 20 m', 'h = 20 \\,\\mathrm{m}'],
        ['g = 9.81 m/s^2', 'g = 9.81 \\,\\mathrm{m/s^{2}}'],
      ],
    ],
    ['the x^2 term', [['x^2', 'x^{2}']]],
    ['Ca(OH)2 is a base', [['Ca(OH)2', '\\mathrm{Ca}(\\mathrm{OH})_{2}']]],
    ['F = ma', [['F = ma', 'F = ma']]],
  ])('%s', (text, runs) => {
    expect(texOf(text)).toEqual(runs);
  });

  test.each([
    'A box of 5 kg is pushed with 20 N. Friction is 5 N.',
    'It is a well-known result, e.g. in chapter 3-4.',
    'Pages 3 - 4 of the book',
    'OK, I see. Is that at 10:30?',
    'Speed in km/h and/or m/s.',
    'NaCl dissolves in water',
    'He said so to us.',
    'Go to https://example.com/a-b?x=1',
  ])('prose stays prose: %s', (text) => {
    expect(findPlainMath(text)).toEqual([]);
  });

  test('terms and formulas as TeX', () => {
    expect(termToTex('(-5)^2')).toBe('(-5)^{2}');
    expect(termToTex('x^(n+1)')).toBe('x^{n + 1}');
    expect(termToTex('√4.077472')).toBe('\\sqrt{4.077472}');
    expect(termToTex('4·(1)·(6)')).toBe('4 \\cdot (1) \\cdot (6)');
    expect(formulaToTex('CuSO4·5H2O')).toBe('\\mathrm{CuSO}_{4}\\cdot 5\\mathrm{H}_{2}\\mathrm{O}');
    expect(formulaToTex('SO4^2-')).toBe('\\mathrm{SO}_{4}^{2-}');
  });
});

describe('chemistry TeX', () => {
  test('element symbols whole and upright, counts on the whole symbol', () => {
    expect(chemistryTex('4\\,\\mathrm{Fe} + 3\\,\\mathrm{O_{2}} \\rightarrow 2\\,\\mathrm{Fe_{2}O_{3}}')).toBe(
      '4\\,\\mathrm{Fe} + 3\\,\\mathrm{O}_{2} \\rightarrow 2\\,\\mathrm{Fe}_{2}\\mathrm{O}_{3}',
    );
    // The element equations' labels, written bare by the engine.
    expect(chemistryTex('\\begin{aligned}Fe:\\ & a = 2c\\\\ O:\\ & 2b = 3c\\end{aligned}')).toBe(
      '\\begin{aligned}\\mathrm{Fe}{:}\\ & a = 2c\\\\ \\mathrm{O}{:}\\ & 2b = 3c\\end{aligned}',
    );
    expect(chemistryTex('H_{2}O + CO_2')).toBe('\\mathrm{H}_{2}\\mathrm{O} + \\mathrm{C}\\mathrm{O}_2');
  });

  test('quantities stay italic', () => {
    expect(chemistryTex('n = \\frac{m}{M},\\; V = 2\\,\\mathrm{L}')).toBe('n = \\frac{m}{M},\\; V = 2\\,\\mathrm{L}');
  });
});

describe('book notation reads as maths too', () => {
  test.each([
    [
      'The form ax² + bx + c = 0 with a = 1.',
      [
        ['ax² + bx + c = 0', 'ax^{2} + bx + c = 0'],
        ['a = 1', 'a = 1'],
      ],
    ],
    ['D = b² - 4ac = 1.', [['D = b² - 4ac = 1', 'D = b^{2} - 4ac = 1']]],
    [
      'Fe + O₂ → Fe₂O₃',
      [['Fe + O₂ → Fe₂O₃', '\\mathrm{Fe} + \\mathrm{O}_{2} \\rightarrow \\mathrm{Fe}_{2}\\mathrm{O}_{3}']],
    ],
    ['g = 9.81 m/s²', [['g = 9.81 m/s²', 'g = 9.81 \\,\\mathrm{m/s^{2}}']]],
  ])('%s', (text, runs) => {
    expect(texOf(text)).toEqual(runs);
  });
});
