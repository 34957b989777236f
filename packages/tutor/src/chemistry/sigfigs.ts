/**
 * Significant figures of measured data and rounding of results to match them. A whole number written without a
 * decimal point (`10 g`) counts all its digits: the tutor cannot know which trailing zeros were measured, and
 * keeping them avoids throwing precision away.
 */

/** @returns the significant figures of a number as written (`4.0` → 2, `0.050` → 2, `64` → 2) */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
export function significantFigures(written: string): number {
  const mantissa = written.trim().replace(/^[+-]/, '').split(/[eE]/)[0] ?? '';
  const digits = mantissa.replace('.', '').replace(/^0+/, '');
  return Math.max(1, digits.length);
}

/** @returns the value rounded to `figures` significant figures, written plainly (`36`, `0.0500`, `72.0`) */
export function roundToFigures(value: number, figures: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const decimals = figures - 1 - magnitude;
  if (decimals >= 0) return value.toFixed(Math.min(decimals, 100));
  // More integer digits than figures: round at the tens, hundreds, … (e.g. 3 figures of 12345 → 12300).
  const unit = 10 ** -decimals;
  return String(Math.round(value / unit) * unit);
}

/** @returns half a unit in the last written place of a number (`35.7` → 0.05, `36` → 0.5) */
export function halfUnitInLastPlace(written: string): number {
  const [mantissa = '', exponent = '0'] = written.trim().replace(/^[+-]/, '').split(/[eE]/);
  const decimals = mantissa.includes('.') ? mantissa.split('.')[1]!.length : 0;
  return 0.5 * 10 ** (Number(exponent) - decimals);
}
