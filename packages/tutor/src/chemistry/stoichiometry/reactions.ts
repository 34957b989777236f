/**
 * The reaction of a problem: its equation (balanced here when it is not), else the one balanced way the species
 * named react, else a short table of textbook reactions and complete combustion, stated as an assumption.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { isElement } from '../elements';
import { type ParsedEquation, balance, parseEquation, writeEquation } from '../equation';
import { ChemError, parseSpecies, speciesKey } from '../formula';
import { type StoichiometryProblem, keyOf } from './problem';

/** Textbook reactions used when the question names species but gives no equation (balanced by the engine). */
const KNOWN_REACTIONS = [
  'H2 + O2 -> H2O',
  'N2 + H2 -> NH3',
  'H2 + Cl2 -> HCl',
  'Na + Cl2 -> NaCl',
  'Mg + O2 -> MgO',
  'Al + O2 -> Al2O3',
  'Ca + O2 -> CaO',
  'Zn + HCl -> ZnCl2 + H2',
  'Mg + HCl -> MgCl2 + H2',
  'NaOH + HCl -> NaCl + H2O',
  'CaCO3 -> CaO + CO2',
  'KClO3 -> KCl + O2',
  'Fe2O3 + CO -> Fe + CO2',
  'Fe2O3 + Al -> Al2O3 + Fe',
  'H2O2 -> H2O + O2',
  'N2 + O2 -> NO',
];

export interface Reaction {
  equation: ParsedEquation;
  coefficients: bigint[];
  how: string;
}

function tryReaction(text: string): Reaction | undefined {
  try {
    const equation = parseEquation(text);
    const result = balance(equation);
    return result.ok ? { equation, coefficients: result.coefficients, how: '' } : undefined;
  } catch {
    return undefined;
  }
}

/** @returns the balanced reaction for the problem, or the reason there is none */
export function findReaction(
  problem: StoichiometryProblem,
): Reaction | { reason: string; status: 'invalid' | 'unsupported' } {
  if (problem.equationText) {
    let equation: ParsedEquation;
    try {
      equation = parseEquation(problem.equationText);
    } catch (error) {
      if (error instanceof ChemError) return { status: 'invalid', reason: error.message };
      throw error;
    }
    const result = balance(equation);
    if (!result.ok) return { status: result.status, reason: result.reason };
    const typed = [...equation.left, ...equation.right].map((one) => one.coefficient);
    const asTyped = typed.every(
      (c, index) => (c ? c.n / c.d : 1n) === result.coefficients[index] && (!c || c.d === 1n),
    );
    return {
      equation,
      coefficients: result.coefficients,
      how: asTyped
        ? 'The equation is balanced as given.'
        : 'Balance the equation first (only balanced coefficients give the mole ratio).',
    };
  }
  const reactants = [...problem.givens.map((g) => g.formula), ...problem.excess];
  const named = [...reactants, ...problem.products, ...(problem.target ? [problem.target.formula] : [])];
  const namedKeys = new Set(named.map(keyOf));
  if (namedKeys.has(undefined))
    return { status: 'invalid', reason: `One of ${named.join(', ')} is not a formula I can read.` };
  const products = [...problem.products, ...(problem.target?.role === 'product' ? [problem.target.formula] : [])];
  const unique = (list: string[]): string[] =>
    list.filter((one, index) => list.findIndex((other) => keyOf(other) === keyOf(one)) === index);
  if (products.length && problem.target?.role !== 'reactant') {
    const direct = tryReaction(`${unique(reactants).join(' + ')} -> ${unique(products).join(' + ')}`);
    if (direct) return { ...direct, how: 'No equation is given; the species named react in exactly one balanced way.' };
  }
  const matches: Reaction[] = [];
  for (const known of KNOWN_REACTIONS) {
    const reaction = tryReaction(known);
    if (!reaction) continue;
    const keys = [...reaction.equation.left, ...reaction.equation.right].map(speciesKey);
    if ([...namedKeys].every((key) => keys.includes(key!))) matches.push(reaction);
  }
  // Complete combustion of a compound of C, H (and O) in O2.
  const fuel = named.find((formula) => {
    try {
      const atoms = parseSpecies(formula, isElement).atoms;
      return (
        atoms.has('C') &&
        [...atoms.keys()].every((symbol) => ['C', 'H', 'O'].includes(symbol)) &&
        keyOf(formula) !== keyOf('CO2') &&
        keyOf(formula) !== keyOf('CO')
      );
    } catch {
      return false;
    }
  });
  // O2 counts as named when the question says the fuel burns.
  const burns = /\b(burn|burns|burned|burnt|burning|combustion|combusted)\b/i.test(problem.text);
  if (fuel && (namedKeys.has(keyOf('O2')) || burns)) {
    const hasH = parseSpecies(fuel, isElement).atoms.has('H');
    const combustion = tryReaction(`${fuel} + O2 -> CO2${hasH ? ' + H2O' : ''}`);
    const keys = combustion ? [...combustion.equation.left, ...combustion.equation.right].map(speciesKey) : [];
    if (
      combustion &&
      [...namedKeys].every((key) => keys.includes(key!)) &&
      !matches.some(
        (m) =>
          m.equation.left.length === combustion.equation.left.length &&
          writeEquation(m.equation, m.coefficients) === writeEquation(combustion.equation, combustion.coefficients),
      )
    ) {
      matches.push({
        ...combustion,
        how: `No equation is given; assuming complete combustion of ${fuel} to CO2${hasH ? ' and H2O' : ''}.`,
      });
    }
  }
  if (matches.length === 1) {
    const match = matches[0]!;
    return {
      ...match,
      how: match.how || 'No equation is given; assuming the usual reaction between the species named.',
    };
  }
  return {
    status: 'unsupported',
    reason: 'Please give the reaction equation (e.g. "2 H2 + O2 -> 2 H2O"): the species named do not fix one reaction.',
  };
}
