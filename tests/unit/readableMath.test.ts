import { describe, expect, test } from 'vitest';
import { calculatorToText, latexToText, markdownToText } from '@/lib/readableMath';

describe('latexToText', () => {
  test('fractions: a bare one stays a/b, a compound part gets brackets', () => {
    expect(latexToText('\\frac{5}{4}')).toBe('5/4');
    expect(latexToText('\\frac{x^{3}}{3} + C')).toBe('x³/3 + C');
    expect(latexToText('x = \\frac{-b \\pm \\sqrt{D}}{2a}')).toBe('x = (−b ± √D)/(2a)');
    expect(latexToText('\\dfrac{1}{2} + \\tfrac{3}{4}')).toBe('1/2 + 3/4');
  });

  test('powers as superscripts, a minus sign as −, spaces around + and − between terms only', () => {
    expect(latexToText('x^{2} - 5 x + 6 = 0')).toBe('x² − 5x + 6 = 0');
    expect(latexToText('x^{n+1}')).toBe('xⁿ⁺¹');
    expect(latexToText('e^{-x}')).toBe('e⁻ˣ');
    expect(latexToText('x = -1')).toBe('x = −1');
    expect(latexToText('90^{\\circ}')).toBe('90°');
    // Unicode has no superscript q: the power stays readable, in brackets.
    expect(latexToText('x^{q}')).toBe('x^(q)');
  });

  test('roots: √ with brackets around more than one term, an index as a superscript', () => {
    expect(latexToText('x = -1 - \\sqrt{2},\\; x = -1 + \\sqrt{2}')).toBe('x = −1 − √2, x = −1 + √2');
    expect(latexToText('t = \\sqrt{\\frac{2 h}{g}}')).toBe('t = √(2h/g)');
    expect(latexToText('\\sqrt[3]{27} = 3')).toBe('³√27 = 3');
  });

  test('aligned environments and \\\\ rows become lines, without & marks', () => {
    expect(latexToText('\\begin{aligned}C:\\ & 3a = c\\\\ H:\\ & 8a = 2d\\\\ O:\\ & 2b = 2c + d\\end{aligned}')).toBe(
      'C: 3a = c\nH: 8a = 2d\nO: 2b = 2c + d',
    );
    expect(latexToText('2 x + y = 7 \\\\ x - y = 2')).toBe('2x + y = 7\nx − y = 2');
    expect(latexToText('\\begin{cases} x + y = 3 \\\\ x - y = 1 \\end{cases}')).toBe('x + y = 3\nx − y = 1');
  });

  test('chemical formulas with subscripts, coefficients and the arrow', () => {
    expect(
      latexToText(
        '\\mathrm{C_{3}H_{8}} + 5\\,\\mathrm{O_{2}} \\rightarrow 3\\,\\mathrm{CO_{2}} + 4\\,\\mathrm{H_{2}O}',
      ),
    ).toBe('C₃H₈ + 5 O₂ → 3 CO₂ + 4 H₂O');
    expect(latexToText('4\\,\\mathrm{Fe} + 3\\,\\mathrm{O_{2}} \\rightarrow 2\\,\\mathrm{Fe_{2}O_{3}}')).toBe(
      '4 Fe + 3 O₂ → 2 Fe₂O₃',
    );
  });

  test('units: upright, with their powers, × and ≈', () => {
    expect(latexToText('h = 20\\,\\mathrm{m},\\quad g = 9.81\\,\\mathrm{m/s^2}')).toBe('h = 20 m, g = 9.81 m/s²');
    expect(latexToText('t = 2.019\\,\\mathrm{s} \\approx 2.0\\,\\mathrm{s}')).toBe('t = 2.019 s ≈ 2.0 s');
    expect(latexToText('180.16\\ \\mathrm{g/mol}')).toBe('180.16 g/mol');
    expect(latexToText('6\\times 12.011\\ (\\mathrm{C})')).toBe('6 × 12.011 (C)');
    expect(latexToText('t = \\sqrt{\\frac{2 \\cdot \\left(20\\,\\mathrm{m}\\right)}{9.81\\,\\mathrm{m/s^2}}}')).toBe(
      't = √((2·(20 m))/(9.81 m/s²))',
    );
  });

  test('functions, Greek letters and text keep their words; nothing of LaTeX is left', () => {
    expect(latexToText('3 x^{2} \\sin\\left(x\\right) + x^{3} \\cos\\left(x\\right)')).toBe('3x² sin(x) + x³ cos(x)');
    expect(latexToText('2\\pi r')).toBe('2πr');
    expect(latexToText('x = 2 \\text{ or } x = 3')).toBe('x = 2 or x = 3');
    expect(latexToText('\\int x^{2}\\, dx')).toBe('∫x² dx');
    for (const sample of ['\\frac{1}{2}', '\\sqrt{x}', 'x^{2}', '\\mathrm{O_{2}}', '\\left(x\\right)']) {
      expect(latexToText(sample)).not.toMatch(/[\\^{}_*]/);
    }
  });
});

describe('calculatorToText', () => {
  test('powers, roots, products, pi and arrows as a book writes them', () => {
    expect(calculatorToText('x = (-b ± sqrt(D)) / (2a)')).toBe('x = (−b ± √D) / (2a)');
    expect(calculatorToText('3*x^2*sin(x) + x^3*cos(x)')).toBe('3x²·sin(x) + x³·cos(x)');
    expect(calculatorToText('t = sqrt(2*h/g)')).toBe('t = √(2h/g)');
    expect(calculatorToText('x^(n+1)/(n+1)')).toBe('xⁿ⁺¹/(n+1)');
    expect(calculatorToText('g = 9.81 m/s^2')).toBe('g = 9.81 m/s²');
    expect(calculatorToText('x = 3pi/2')).toBe('x = 3π/2');
    expect(calculatorToText('D = (-5)^2 - 4')).toBe('D = (−5)² − 4');
  });

  test('a hyphen inside a word stays a hyphen', () => {
    expect(calculatorToText('the right-hand side is 0')).toBe('the right-hand side is 0');
  });

  test('chemical formulas get subscripts only when asked (a chemistry answer)', () => {
    expect(calculatorToText('C3H8 + 5 O2 -> 3 CO2 + 4 H2O', { chemistry: true })).toBe('C₃H₈ + 5 O₂ → 3 CO₂ + 4 H₂O');
    expect(calculatorToText('Ca(OH)2 contains 2 O', { chemistry: true })).toBe('Ca(OH)₂ contains 2 O');
    expect(calculatorToText('x2 + C3H8')).toBe('x2 + C3H8');
  });
});

describe('markdownToText', () => {
  test('maths between dollars becomes readable; with markdown, emphasis marks go', () => {
    expect(markdownToText('The roots are $x = \\frac{1}{2}$ and **two**.', { markdown: true })).toBe(
      'The roots are x = 1/2 and two.',
    );
    expect(markdownToText('## Result\n$$a^{2} + b^{2} = c^{2}$$', { markdown: true })).toBe('Result\na² + b² = c²');
  });

  test('without markdown, a step’s * is a product, not emphasis', () => {
    expect(markdownToText('a = (1/4)*d, b = (5/4)*d')).toBe('a = (1/4)·d, b = (5/4)·d');
  });

  test('every delimiter pair; a lone or empty one, or a $ formula across lines, stays text', () => {
    expect(markdownToText('\\(x^{2}\\) and \\[y^{2}\\]')).toBe('x² and y²');
    expect(markdownToText('a $$ b')).toBe('a $$ b');
    expect(markdownToText('$a\nb$')).toBe('$a\nb$');
    expect(markdownToText('\\( \\( \\( $x$')).toBe('\\( \\( \\( x');
    // Thousands of unclosed openers are read in one pass (a lazy regular expression rescanned to the end for each).
    const hostile = '\\(\\'.repeat(30_000);
    expect(markdownToText(hostile)).toBe(hostile);
  });
});
