/**
 * Numbers as the chemistry steps show them. Every calculation a step shows is done with the numbers exactly as
 * shown (atomic weights to 3 decimals, intermediate results to 5 significant figures), so a student who redoes it
 * on a calculator gets the same last digit; the answer is the last result shown, then the value to the data's
 * significant figures.
 */
import { atomicWeight } from './elements';
import { roundToFigures } from './sigfigs';
import { trimTrailing } from '../trim-trailing';

/** Significant figures kept for a result that a later step uses. */
export const CARRIED_FIGURES = 5;
/** Significant figures of the precise value an answer starts with. */
export const ANSWER_FIGURES = 4;

/** @returns the standard atomic weight as the steps show it (3 decimals), in thousandths of g/mol */
export function weightThousandths(symbol: string): number | undefined {
  const weight = atomicWeight(symbol);
  return weight === undefined ? undefined : Math.round(weight * 1000);
}

/** `12045` thousandths → `12.045`, exact (integer arithmetic, no float noise). */
export function fromThousandths(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/**
 * @returns the value to `figures` significant figures as a plain decimal (`1.9841`, `0.0056746`, `35.74`); large or
 * tiny values in the `1.2044 × 10^24` form
 */
export function toFigures(value: number, figures: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const exponent = Math.floor(Math.log10(Math.abs(Number(value.toPrecision(figures)))));
  if (exponent >= 9 || exponent < -6) return scientific(value, figures);
  if (exponent >= figures - 1) return String(Math.round(value));
  return value.toFixed(figures - 1 - exponent);
}

/** `1.2044 × 10^24`: the mantissa to `figures` significant figures. */
export function scientific(value: number, figures: number): string {
  const [mantissa = '', exponent = '0'] = value.toExponential(figures - 1).split('e');
  return `${mantissa} × 10^${Number(exponent)}`;
}

/** The shown text and the number it stands for (what the next step computes with). */
export interface Shown {
  text: string;
  value: number;
}

/** @returns the value as a later step will use it: rounded to 5 significant figures, trailing zeros dropped */
export function carry(value: number, figures = CARRIED_FIGURES): Shown {
  const text = trimZeros(toFigures(value, figures));
  return { text, value: Number(text.replace(' × 10^', 'e')) };
}

/** `1.500` → `1.5`, `2.000` → `2`, `1.2040 × 10^24` → `1.204 × 10^24`. */
export function trimZeros(text: string): string {
  const [mantissa = '', rest] = text.split(' × ');
  const trimmed = mantissa.includes('.') ? trimTrailing(mantissa, /0/).replace(/\.$/, '') : mantissa;
  return rest === undefined ? trimmed : `${trimmed} × ${rest}`;
}

/** LaTeX of a shown number: `1.2044 × 10^24` → `1.2044 \times 10^{24}`. */
export function numberLatex(text: string): string {
  return text.replace(/ × 10\^(-?\d+)/, ' \\times 10^{$1}');
}

/**
 * The answer line: the precise value (at least 4 significant figures) and unit, then the value to the data's
 * significant figures when that differs ("35.74 g (≈ 36 g to the data's 2 significant figures)").
 */
export function answerText(
  value: number,
  unit: string,
  figures: number,
): { text: string; latex: string; precise: string; rounded: string } {
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  const rounded = exponent >= 9 || exponent < -6 ? scientific(value, figures) : roundToFigures(value, figures);
  const four = toFigures(value, ANSWER_FIGURES);
  // Zeros are dropped only when the value is exactly that (1.500 → 1.5), never when they were rounded to (273.0).
  const trimmed = trimZeros(four);
  const exact = Math.abs(Number(trimmed.replace(' × 10^', 'e')) - value) <= 1e-12 * Math.abs(value);
  const precise = figures >= ANSWER_FIGURES ? rounded : exact ? trimmed : four;
  const space = unit ? ` ${unit}` : '';
  const unitLatex = unit ? `\\ \\mathrm{${unit.replace(/ /g, '\\ ')}}` : '';
  // One value when rounding to the data changes nothing: the data are precise enough, or the value is exact.
  if (
    figures >= ANSWER_FIGURES ||
    (exact && Number(precise.replace(' × 10^', 'e')) === Number(rounded.replace(' × 10^', 'e')))
  ) {
    return { text: `${rounded}${space}`, latex: `${numberLatex(rounded)}${unitLatex}`, precise: rounded, rounded };
  }
  const note = `to the data's ${figures} significant figure${figures === 1 ? '' : 's'}`;
  return {
    text: `${precise}${space} (≈ ${rounded}${space} ${note})`,
    latex: `${numberLatex(precise)}${unitLatex}\\ (\\approx ${numberLatex(rounded)}${unitLatex})`,
    precise,
    rounded,
  };
}

/** Standard constants, named in the steps where they are used. */
export const AVOGADRO = { text: '6.022 × 10^23', value: 6.022e23, name: "Avogadro's number" } as const;
export const GAS_CONSTANT_SI = { text: '8.314', value: 8.314, unit: 'J/(mol·K)' } as const;
export const GAS_CONSTANT_ATM = { text: '0.08206', value: 0.08206, unit: 'L·atm/(mol·K)' } as const;
