import type { VirtualKeyboardKeycap, VirtualKeyboardLayout } from 'mathlive';
import type { MathFieldMode } from '@/lib/mathField';

/*
 * The math keyboard's layouts (MathLive's virtual keyboard on touch screens): algebra, calculus and chemistry. Every
 * key that writes maths is listed here as data, so tests/unit/mathFieldToInput.test.ts can read each one through
 * the converter the composer uses. In a key's LaTeX `#@` is what stands before the caret (x² squares it), `#0` the
 * selection or an empty box, `#?` an empty box (MathLive's placeholders).
 * Type-only import of mathlive: this module is imported by the lazily loaded MathKeyboard and by the unit tests.
 */

type Key = Partial<VirtualKeyboardKeycap> | string;

/** A key that writes `insert`, labelled with TeX or text. */
const key = (insert: string, label: string, tooltip: string): Partial<VirtualKeyboardKeycap> => ({
  insert,
  latex: label,
  tooltip,
});

/** A key whose TeX is both what it writes and its label (π, ≤, →). */
const symbol = (latex: string, tooltip: string) => key(latex, latex, tooltip);

/** MathLive's own keys: digits, arrows, delete, the action key. */
const digits = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `[${from + i}]`);

/** An algebra row: its groups (letters or brackets, the number pad, templates) with a gap between them. */
const spaced = (...groups: Key[][]): Key[] =>
  groups.flatMap((group, i) => (i === 0 ? group : ['[separator-5]', ...group]));

// Keys both the algebra and the calculus layouts have.
const FRACTION = key('\\frac{#@}{#?}', '\\frac{\\square}{\\square}', 'fraction');
const POWER = key('#@^{#?}', '\\square^{\\square}', 'power');
const SQUARE_ROOT = key('\\sqrt{#0}', '\\sqrt{\\square}', 'square root');

const ALGEBRA_ROWS: Key[][] = [
  spaced(['x', 'y'], [...digits(7, 9), FRACTION], [key('#@^{2}', '\\square^2', 'squared'), POWER, SQUARE_ROOT]),
  spaced(
    ['(', ')'],
    [...digits(4, 6), key('\\cdot', '\\times', 'times')],
    [
      key('\\sqrt[#?]{#0}', '\\sqrt[n]{\\square}', 'nth root'),
      key('\\left|#0\\right|', '|\\square|', 'absolute value'),
      symbol('\\pi', 'pi'),
    ],
  ),
  spaced(
    ['<', '>'],
    [...digits(1, 3), '-'],
    [symbol('\\le', 'less than or equal to'), symbol('\\ge', 'greater than or equal to'), symbol('\\theta', 'theta')],
  ),
  spaced(['[left]', '[right]'], ['[0]', '.', '=', '+'], [',', '[backspace]', '[action]']),
];

const CALCULUS_ROWS: Key[][] = [
  [
    key('\\frac{\\mathrm{d}}{\\mathrm{d}x}', '\\frac{d}{dx}', 'derivative with respect to x'),
    key('\\int_{#?}^{#?}#?\\,\\mathrm{d}x', '\\int_a^b', 'integral from a to b'),
    key('\\int #?\\,\\mathrm{d}x', '\\int', 'integral'),
    key('\\lim_{x\\to#?}#?', '\\lim_{x\\to a}', 'limit as x goes to'),
    symbol('\\infty', 'infinity'),
    key('e^{#?}', 'e^{\\square}', 'e to the power'),
  ],
  [
    key('\\sin(#0)', '\\sin', 'sine'),
    key('\\cos(#0)', '\\cos', 'cosine'),
    key('\\tan(#0)', '\\tan', 'tangent'),
    key('\\ln(#0)', '\\ln', 'natural logarithm'),
    key('\\log_{#?}(#0)', '\\log_{b}', 'logarithm to a base'),
    'x',
  ],
  ['(', ')', FRACTION, POWER, SQUARE_ROOT, '='],
  ['[left]', '[right]', '+', '-', '[backspace]', '[action]'],
];

/** Elements students meet most, six to a row; any other is typed with the letters (abc) layout. */
const ELEMENT_KEYS = ['H', 'C', 'N', 'O', 'Na', 'Cl', 'Fe', 'S', 'Ca', 'Mg', 'K', 'Cu'].map((element) =>
  symbol(`\\mathrm{${element}}`, element),
);

const CHEMISTRY_ROWS: Key[][] = [
  ELEMENT_KEYS.slice(0, 6),
  ELEMENT_KEYS.slice(6),
  [
    key('#@_{#?}', '\\square_{n}', 'subscript, the number of atoms'),
    key('#@^{+}', '\\square^{+}', 'charge plus'),
    key('#@^{-}', '\\square^{-}', 'charge minus'),
    key('#@^{#?+}', '\\square^{n+}', 'charge n plus'),
    key('#@^{#?-}', '\\square^{n-}', 'charge n minus'),
    symbol('e^{-}', 'electron'),
  ],
  ['+', symbol('\\rightarrow', 'reaction arrow, gives'), '(', ')', symbol('\\cdot', 'dot of a hydrate'), '[backspace]'],
  [...digits(1, 9), '[0]'],
  ['[left]', '[right]', '[action]'],
];

export const ALGEBRA: VirtualKeyboardLayout = { id: 'algebra', label: 'x²', tooltip: 'Algebra', rows: ALGEBRA_ROWS };
export const CALCULUS: VirtualKeyboardLayout = { id: 'calculus', label: '∫', tooltip: 'Calculus', rows: CALCULUS_ROWS };
export const CHEMISTRY: VirtualKeyboardLayout = {
  id: 'chemistry',
  label: 'H₂O',
  tooltip: 'Chemistry',
  rows: CHEMISTRY_ROWS,
};

/** The layouts a tool's math keyboard offers; MathLive's letters layout types any other name or element. */
export function layoutsFor(mode: MathFieldMode): (VirtualKeyboardLayout | 'alphabetic')[] {
  return mode === 'chemistry' ? [CHEMISTRY, ALGEBRA, 'alphabetic'] : [ALGEBRA, CALCULUS, 'alphabetic'];
}

/** Every key of our layouts that writes maths (for the tests): its LaTeX as MathLive inserts it. */
export function mathKeys(layout: VirtualKeyboardLayout): string[] {
  if (!('rows' in layout)) return [];
  return layout.rows
    .flat()
    .map((keycap) => (typeof keycap === 'string' ? keycap : (keycap.insert ?? keycap.latex ?? '')))
    .filter((latex) => latex !== '' && !/^\[.*\]$/.test(latex));
}
