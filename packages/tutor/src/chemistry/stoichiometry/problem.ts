/** A stoichiometry problem as read from a question, and the amount patterns and units that reading and grading share. */
import { isElement } from '../elements';
import { parseSpecies, speciesKey } from '../formula';
import { trimTrailing } from '../../trim-trailing';

export const STOICHIOMETRY_KIND = 'stoichiometry';
export const LIMITING_KIND = 'limiting-reagent';
export const TOOL = 'chemistry-solver';

// A charge's digits only after `^`: digits before a bare sign are the formula's own (`Fe3+`), and letting either
// take them backtracks over every split of a long run of digits (quadratic). Same strings as `\^?\d*[+-]`.
export const FORMULA = String.raw`[A-Z][A-Za-z0-9()\[\]·*]*(?:(?:\^\d*)?[+-](?![\dA-Za-z]))?`;
export const UNIT = String.raw`kilograms?|kg|milligrams?|mg|grams?|g|millimoles?|mmol|moles?|mol`;
export const NUMBER = String.raw`\d+(?:\.\d*)?|\.\d+`;

export type Unit = 'g' | 'kg' | 'mg' | 'mol' | 'mmol';

export function unitOf(word: string): Unit {
  const w = word.toLowerCase();
  if (w.startsWith('kilo') || w === 'kg') return 'kg';
  if (w.startsWith('milligram') || w === 'mg') return 'mg';
  if (w.startsWith('millimol') || w === 'mmol') return 'mmol';
  if (w.startsWith('mol')) return 'mol';
  return 'g';
}

/** Grams or moles per unit. */
export const SCALE: Readonly<Record<Unit, number>> = { g: 1, kg: 1000, mg: 0.001, mol: 1, mmol: 0.001 };
export const isMass = (unit: Unit): boolean => unit === 'g' || unit === 'kg' || unit === 'mg';

export interface Given {
  formula: string;
  key: string;
  written: string;
  value: number;
  unit: Unit;
  figures: number;
  /** Position of the number in the (normalized) question, for practice questions with new numbers. */
  index: number;
}

export interface StoichiometryProblem {
  text: string;
  equationText: string | undefined;
  givens: Given[];
  excess: string[];
  products: string[];
  target: { formula: string; unit: Unit; role: 'product' | 'reactant' | undefined } | undefined;
  asksLimiting: boolean;
}

export function keyOf(formula: string): string | undefined {
  try {
    return speciesKey(parseSpecies(formula, isElement));
  } catch {
    return undefined;
  }
}

export const cleanFormula = (formula: string): string => trimTrailing(formula, /[.,;:?!]/);
