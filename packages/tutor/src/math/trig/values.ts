/**
 * The unit circle's exact values: which sines, cosines and tangents have an angle a student knows (multiples of
 * π/6 and π/4), angles as rational multiples of π, and how those angles are written (radians or degrees).
 */
import * as R from '../../rational';
import type { Q } from '../../rational';

export type TrigFn = 'sin' | 'cos' | 'tan';

const SQRT2 = Math.SQRT2 / 2;
const SQRT3 = Math.sqrt(3) / 2;

/** The exact values, with their names, and the principal angle (a multiple of π) of each function. */
const TABLE: ReadonlyArray<{ value: number; name: string; sin?: Q; cos?: Q; tan?: Q }> = [
  { value: 0, name: '0', sin: R.q(0), cos: R.q(1, 2), tan: R.q(0) },
  { value: 0.5, name: '1/2', sin: R.q(1, 6), cos: R.q(1, 3) },
  { value: -0.5, name: '-1/2', sin: R.q(-1, 6), cos: R.q(2, 3) },
  { value: SQRT2, name: '√2/2', sin: R.q(1, 4), cos: R.q(1, 4) },
  { value: -SQRT2, name: '-√2/2', sin: R.q(-1, 4), cos: R.q(3, 4) },
  { value: SQRT3, name: '√3/2', sin: R.q(1, 3), cos: R.q(1, 6) },
  { value: -SQRT3, name: '-√3/2', sin: R.q(-1, 3), cos: R.q(5, 6) },
  { value: 1, name: '1', sin: R.q(1, 2), cos: R.q(0), tan: R.q(1, 4) },
  { value: -1, name: '-1', sin: R.q(-1, 2), cos: R.q(1), tan: R.q(-1, 4) },
  { value: Math.sqrt(3) / 3, name: '√3/3', tan: R.q(1, 6) },
  { value: -Math.sqrt(3) / 3, name: '-√3/3', tan: R.q(-1, 6) },
  { value: Math.sqrt(3), name: '√3', tan: R.q(1, 3) },
  { value: -Math.sqrt(3), name: '-√3', tan: R.q(-1, 3) },
];

/**
 * The principal angle of `fn` at `value` when it is on the unit circle's table. The tolerance is far below any
 * number a student types (1e-12): values computed from exact input land within rounding of the table.
 * @returns the angle as a multiple of π and the value's name, or null when the value has no exact angle
 */
export const principalAngle = (fn: TrigFn, value: number): { angle: Q; name: string } | null => {
  for (const row of TABLE) {
    const angle = row[fn];
    if (angle && Math.abs(row.value - value) <= 1e-12 * Math.max(1, Math.abs(value))) return { angle, name: row.name };
  }
  return null;
};

/** A number as a fraction with a small denominator, or null (angles and coefficients of school questions). */
export const smallFraction = (x: number, maxDenominator = 360): Q | null => {
  if (!Number.isFinite(x)) return null;
  for (let d = 1; d <= maxDenominator; d++) {
    const n = Math.round(x * d);
    if (Math.abs(x * d - n) <= 1e-9 * d) return R.q(n, d);
  }
  return null;
};

/** An angle `multiple · π` as calculator text: `0`, `pi`, `-pi/2`, `5*pi/6`. */
export const piText = (multiple: Q): string => {
  if (R.isZero(multiple)) return '0';
  const n = multiple.n;
  const top = n === 1n ? 'pi' : n === -1n ? '-pi' : `${n.toString()}*pi`;
  return multiple.d === 1n ? top : `${top}/${multiple.d.toString()}`;
};

/** An angle `multiple · π` as LaTeX: `\frac{5\pi}{6}`. */
export const piLatex = (multiple: Q): string => {
  if (R.isZero(multiple)) return '0';
  const negative = multiple.n < 0n;
  const n = negative ? -multiple.n : multiple.n;
  const top = n === 1n ? '\\pi' : `${n.toString()}\\pi`;
  const body = multiple.d === 1n ? top : `\\frac{${top}}{${multiple.d.toString()}}`;
  return negative ? `-${body}` : body;
};

/** An angle `multiple · π` in degrees: `30°`, `22.5°`. */
export const degreeText = (multiple: Q): string => {
  const degrees = R.mul(multiple, R.q(180));
  return `${R.toTerminatingDecimal(degrees) ?? R.toFraction(degrees)}°`;
};

/** An angle in the question's unit, as text and LaTeX. */
export const angleText = (multiple: Q, degrees: boolean): { text: string; latex: string } =>
  degrees
    ? { text: degreeText(multiple), latex: degreeText(multiple).replace('°', '^\\circ') }
    : { text: piText(multiple), latex: piLatex(multiple) };

/** `k` times a period, as text: `2*k*pi`, `k*pi/2`, `k*360°`. */
export const periodText = (period: Q, degrees: boolean): { text: string; latex: string } => {
  if (degrees) {
    const d = degreeText(period);
    return { text: `k*${d}`, latex: `${d.replace('°', '^\\circ')}k` };
  }
  const n = period.n;
  const top = n === 1n ? 'k*pi' : `${n.toString()}*k*pi`;
  const topLatex = n === 1n ? 'k\\pi' : `${n.toString()}k\\pi`;
  return period.d === 1n
    ? { text: top, latex: topLatex }
    : { text: `${top}/${period.d.toString()}`, latex: `\\frac{${topLatex}}{${period.d.toString()}}` };
};
