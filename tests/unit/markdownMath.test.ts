import { describe, expect, test } from 'vitest';
import { mathToMathml } from '@/lib/cms/markdownMath';

describe('mathToMathml', () => {
  test('inline and display maths become MathML', () => {
    const html = mathToMathml('The roots of $x^2-5x+6=0$ are:\n\n$$x = \\frac{5 \\pm 1}{2}$$\n\nDone.');
    expect(html).toMatch(/The roots of <math[^>]*>.*<\/math> are:/);
    expect(html).toMatch(/\n\n<math[^>]*display="block"[^>]*>.*<mfrac>.*<\/math>\n\n/s);
  });

  test('a display formula over several lines', () => {
    expect(mathToMathml('$$\na + b\n= c\n$$')).toMatch(/<math[^>]*display="block"/);
  });

  test('money, code spans, fenced code and escaped dollars stay as written', () => {
    const source = 'It costs $5 and $10.\n\n`$x$` in code\n\n```\n$$ not maths $$\n```\n\nA \\$ sign.';
    expect(mathToMathml(source)).toBe(source);
  });

  test('\\href never becomes a link, and bad TeX shows its source', () => {
    const html = mathToMathml('$\\href{javascript:alert(1)}{x}$ and $\\frac{1}{$');
    expect(html).not.toMatch(/href=/);
    expect(html).not.toContain('<a');
  });
});
