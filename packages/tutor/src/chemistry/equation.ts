/**
 * Chemical equations: reading them, balancing them by exact linear algebra, and counting atoms on both sides.
 *
 * Arrows: `->`, `→`, `=`, `=>`, `-->` (one way) and `<=>`, `⇌`, `<->` (equilibrium). Terms are separated by `+`;
 * a `+` that belongs to a charge (`Fe^3+ + e-`, `Na++Cl-`) is told apart by what follows it.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { isElement } from './elements';
import { ChemError, countAtomsIndependently, normalizeChemText, parseSpecies, type Species } from './formula';
import type { Q } from '../rational';
import { nullspace, toSmallestIntegers } from './nullspace';

export interface ParsedEquation {
  left: Species[];
  right: Species[];
  /** How the answer writes the arrow. */
  arrow: '->' | '<=>';
}

// `(?<!-)`: a run of dashes with no `>` is tried once, not from each dash (quadratic on a long run).
const ARROWS = /<=+>|<-+>|(?<!-)-+>|=+>|=+/g;

/** @returns whether the text contains a reaction arrow */
export function hasArrow(text: string): boolean {
  return new RegExp(ARROWS.source).test(normalizeChemText(text));
}

/** Splits one side of an equation into its terms. */
export function splitTerms(side: string): string[] {
  const terms: string[] = [];
  let current = '';
  let inCaretBrace = false;
  for (let i = 0; i < side.length; i++) {
    const char = side[i]!;
    if (char === '{' && side[i - 1] === '^') inCaretBrace = true;
    if (char === '}') inCaretBrace = false;
    if (char === '+' && !inCaretBrace) {
      const before = current.trimEnd();
      const previous = before[before.length - 1];
      const after = side.slice(i + 1).trimStart();
      // A separator is followed by the start of a term; a charge sign is followed by another sign, the end, or
      // (after ^) its digits.
      const startsTerm = /^(\d|[A-Z([{]|e(\s*$|\s*[-^+]|\s*\())/.test(after) && previous !== '^' && before !== '';
      if (startsTerm) {
        terms.push(current);
        current = '';
        continue;
      }
    }
    current += char;
  }
  terms.push(current);
  return terms.map((term) => term.trim());
}

/**
 * @param text an equation such as `H2 + O2 -> H2O`
 * @throws ChemError when it is not one equation with formulas on both sides
 */
export function parseEquation(text: string): ParsedEquation {
  const normalized = normalizeChemText(text).trim();
  const arrows = [...normalized.matchAll(ARROWS)];
  if (arrows.length === 0) throw new ChemError('There is no reaction arrow (use -> or =).');
  if (arrows.length > 1) throw new ChemError('There is more than one reaction arrow; give one equation at a time.');
  const arrow = arrows[0]!;
  const leftText = normalized.slice(0, arrow.index);
  const rightText = normalized.slice(arrow.index + arrow[0].length);
  const read = (side: string, name: string): Species[] => {
    if (!side.trim()) throw new ChemError(`The ${name} side of the equation is empty.`);
    return splitTerms(side).map((term) => {
      if (!term) throw new ChemError(`The ${name} side has a "+" with no formula next to it.`);
      return parseSpecies(term, isElement);
    });
  };
  return {
    left: read(leftText, 'left'),
    right: read(rightText, 'right'),
    arrow: arrow[0].startsWith('<') ? '<=>' : '->',
  };
}

export type BalanceResult =
  | { ok: true; coefficients: bigint[]; solution: Q[]; elements: string[]; charged: boolean }
  | { ok: false; status: 'invalid' | 'unsupported'; reason: string };

/** @returns the element symbols in order of first appearance */
export function elementsOf(species: readonly Species[]): string[] {
  const seen: string[] = [];
  for (const one of species) for (const symbol of one.atoms.keys()) if (!seen.includes(symbol)) seen.push(symbol);
  return seen;
}

function buildMatrix(equation: ParsedEquation, elements: readonly string[], withCharge: boolean): bigint[][] {
  const all = [...equation.left, ...equation.right];
  const sign = (index: number): bigint => (index < equation.left.length ? 1n : -1n);
  const rows = elements.map((symbol) => all.map((one, index) => sign(index) * BigInt(one.atoms.get(symbol) ?? 0)));
  if (withCharge) rows.push(all.map((one, index) => sign(index) * BigInt(one.charge)));
  return rows;
}

/** Balances an equation: the one positive integer solution of atoms (and charge) conserved, or the reason why not. */
export function balance(equation: ParsedEquation): BalanceResult {
  const all = [...equation.left, ...equation.right];
  if (all.length > 26) return { ok: false, status: 'unsupported', reason: 'That equation has too many species.' };
  const elements = elementsOf(all);
  for (const symbol of elements) {
    const onLeft = equation.left.some((one) => (one.atoms.get(symbol) ?? 0) > 0);
    const onRight = equation.right.some((one) => (one.atoms.get(symbol) ?? 0) > 0);
    if (!onLeft || !onRight) {
      return {
        ok: false,
        status: 'invalid',
        reason: `${symbol} appears only on the ${onLeft ? 'left' : 'right'} side, so no coefficients can balance it. Check the formulas.`,
      };
    }
  }
  const charged = all.some((one) => one.charge !== 0);
  const basis = nullspace(buildMatrix(equation, elements, charged), all.length);
  if (basis.length === 0) {
    const atomsAlone = charged ? nullspace(buildMatrix(equation, elements, false), all.length) : [];
    return {
      ok: false,
      status: 'invalid',
      reason:
        atomsAlone.length > 0
          ? 'The atoms can be balanced but the charge cannot: check the charges (and the electrons).'
          : 'This equation cannot be balanced: no coefficients make every element equal on both sides. Check the formulas.',
    };
  }
  if (basis.length > 1) {
    return {
      ok: false,
      status: 'unsupported',
      reason: `This equation can be balanced in ${basis.length} independent ways (it mixes more than one reaction), so there is no single answer. Give the reaction with fewer species or the ratio of two products.`,
    };
  }
  const vector = basis[0]!;
  let coefficients = toSmallestIntegers(vector);
  if (coefficients.every((value) => value <= 0n)) coefficients = coefficients.map((value) => -value);
  const zero = coefficients.findIndex((value) => value === 0n);
  if (zero >= 0) {
    return {
      ok: false,
      status: 'invalid',
      reason: `${all[zero]!.text} would need a coefficient of 0: it cannot take part in this reaction as written.`,
    };
  }
  const negative = coefficients.findIndex((value) => value < 0n);
  if (negative >= 0) {
    const one = all[negative]!;
    return {
      ok: false,
      status: 'invalid',
      reason: `This equation cannot be balanced as written: ${one.text} would have to be on the ${negative < equation.left.length ? 'right' : 'left'} side.`,
    };
  }
  return { ok: true, coefficients, solution: vector, elements, charged };
}

export interface SideTotals {
  atoms: Map<string, number>;
  charge: number;
}

/**
 * Counts atoms and charge on one side with the independent counter (not the parser the balance used).
 * @param coefficients one per species (numbers; fractions allowed for a student's answer)
 */
export function sideTotals(species: readonly Species[], coefficients: readonly number[]): SideTotals {
  const atoms = new Map<string, number>();
  let charge = 0;
  species.forEach((one, index) => {
    const times = coefficients[index] ?? 1;
    for (const [symbol, count] of countAtomsIndependently(one.body))
      atoms.set(symbol, (atoms.get(symbol) ?? 0) + count * times);
    charge += one.charge * times;
  });
  return { atoms, charge };
}

/** @returns one line per element (and the charge) where the two sides differ, e.g. `O: 2 on the left, 1 on the right` */
export function sideDifferences(left: SideTotals, right: SideTotals): string[] {
  const differences: string[] = [];
  const symbols = [...new Set([...left.atoms.keys(), ...right.atoms.keys()])];
  const show = (value: number): string => String(Math.round(value * 1e9) / 1e9);
  for (const symbol of symbols) {
    const l = left.atoms.get(symbol) ?? 0;
    const r = right.atoms.get(symbol) ?? 0;
    if (Math.abs(l - r) > 1e-9) differences.push(`${symbol}: ${show(l)} on the left, ${show(r)} on the right`);
  }
  if (Math.abs(left.charge - right.charge) > 1e-9) {
    differences.push(`charge: ${signed(left.charge)} on the left, ${signed(right.charge)} on the right`);
  }
  return differences;
}

export function signed(charge: number): string {
  return charge > 0 ? `+${charge}` : String(charge);
}

/** @returns the equation written with coefficients (1 left out), keeping each formula as typed */
export function writeEquation(equation: ParsedEquation, coefficients: readonly (bigint | number | string)[]): string {
  const term = (one: Species, index: number): string => {
    const c = coefficients[index];
    return c === undefined || String(c) === '1' ? one.text : `${String(c)} ${one.text}`;
  };
  const left = equation.left.map((one, index) => term(one, index)).join(' + ');
  const right = equation.right.map((one, index) => term(one, index + equation.left.length)).join(' + ');
  return `${left} ${equation.arrow} ${right}`;
}
