import type { Random } from './random.ts';

/**
 * How students type maths: the same expression written with `^` or `²`, `*` or `×` or nothing, `-` or the unicode
 * minus, with or without spaces. Every writer here produces text that means exactly the expression it is given.
 */

/** A polynomial in one variable from its coefficients, highest power first, written as a teacher would. */
export function polynomial(coefficients: readonly number[], variable: string): string {
  const degree = coefficients.length - 1;
  const terms: string[] = [];
  coefficients.forEach((coefficient, index) => {
    const power = degree - index;
    if (coefficient === 0) return;
    const size = Math.abs(coefficient);
    const body =
      power === 0
        ? String(size)
        : `${size === 1 ? '' : String(size)}${variable}${power === 1 ? '' : `^${String(power)}`}`;
    if (terms.length === 0) terms.push(coefficient < 0 ? `-${body}` : body);
    else terms.push(coefficient < 0 ? `- ${body}` : `+ ${body}`);
  });
  return terms.length === 0 ? '0' : terms.join(' ');
}

/** Rewrites plain maths the ways a phone or a keyboard types it; the meaning stays the same. */
export function styled(text: string, random: Random): string {
  let out = text;
  const style = random.int(0, 5);
  if (style === 1) out = out.replace(/\^2\b/g, '²').replace(/\^3\b/g, '³');
  if (style === 2) out = out.replace(/ - /g, ' − ').replace(/^-/, '−');
  if (style === 3) out = out.replace(/ /g, '');
  if (style === 4) out = out.replace(/ ([+\-=]) /g, '$1');
  if (style === 5) out = out.replace(/ = /g, '  =  ');
  return out;
}

/** A fraction p/q in lowest terms as text ("3/4", "-2", "5"). */
export function fraction(numerator: number, denominator: number): string {
  const divisor = gcd(Math.abs(numerator), Math.abs(denominator));
  const sign = numerator * denominator < 0 ? '-' : '';
  const p = Math.abs(numerator) / divisor;
  const q = Math.abs(denominator) / divisor;
  return q === 1 ? `${sign}${String(p)}` : `${sign}${String(p)}/${String(q)}`;
}

export function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Instruction words as students type them, typos of a phone included ("slove", "sovle"). */
export const SOLVE_WORDS = ['solve', 'Solve', 'slove', 'sovle', 'solv', 'SOLVE', 'pls solve', 'can you solve'] as const;
