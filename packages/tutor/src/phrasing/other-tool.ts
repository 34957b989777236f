import type { ToolId } from '@studyease/contract';
import { isElement } from '../chemistry/elements';

/**
 * A question meant for another tool, seen from the words a student sends the Math Solver: a chemical equation or
 * formula (capitalised element symbols with counts: H2O, Fe2O3, "->") belongs to the Chemistry Solver, a word problem
 * with physical quantities (20 m/s, 5 kg, 9.81 m/s²) and physics words to the Physics Solver. Asked only when the
 * math engine could not answer, so a question it can solve is never sent away.
 */

// A formula: element symbols with counts and brackets, maybe a leading coefficient (2H2O, Ca(OH)2, Fe2O3).
const FORMULA = /(?<![\w])\d*((?:[A-Z][a-z]?\d*|\((?:[A-Z][a-z]?\d*)+\)\d*)+)(?![\w])/g;
const CHEMISTRY_WORDS =
  /\b(?:balance|balanced|molar mass|molecular mass|formula mass|moles?|mol|molecules?|atoms?|chemical|reaction|reacts?|compound|stoichiometry|limiting reagent|reagent|yield|molarity|concentration|ph|ideal gas|stp|avogadro|grams? of|oxidation|precipitate|acid|base|salt)\b/i;
const ARROW = /->|→|⟶|=>|<=>|⇌/;

const PHYSICS_UNIT =
  /\d ?(?:m\/s\^?2|m\/s²|m\/s|km\/h|km\/hr|mph|kg|N|J|kJ|W|kW|Pa|kPa|Hz|V|A|mA|Ω|ohms?|s|ms|m|cm|mm|km|min|h|°C|K|g|mL|L)(?![\w/])/g;
const PHYSICS_WORDS =
  /\b(?:velocity|speed|accelerat\w*|decelerat\w*|force|mass|weight|energy|kinetic|potential|work done|power|momentum|impulse|friction|gravity|gravitational|falls?|dropped|thrown|projectile|height|pressure|density|current|voltage|resistance|circuit|wave|frequency|wavelength|pendulum|spring|displacement|distance travell?ed|travels?|car|ball|block|incline|newtons?|joules?|watts?)\b/i;

/** Symbols that are element symbols, counted only when written as chemistry writes them. */
const formulasIn = (text: string): string[] =>
  [...text.matchAll(FORMULA)]
    .map((m) => m[1] ?? '')
    .filter((formula) => {
      const symbols = [...formula.matchAll(/[A-Z][a-z]?/g)].map((s) => s[0]);
      return symbols.length > 0 && symbols.every((symbol) => isElement(symbol));
    });

/** A formula no one writes in algebra: two elements (NaCl, CO) or an element with a count (O2, H2O). */
const isChemical = (formula: string): boolean => /[A-Z][a-z]?.*[A-Z]|[A-Z][a-z]?\d|\)/.test(formula);

/**
 * @param question - the question as the student typed it
 * @returns the tool to ask instead and what the question looks like, or undefined when it looks like maths
 */
export function otherToolFor(question: string): { tool: ToolId; looksLike: string } | undefined {
  const chemical = formulasIn(question).filter(isChemical);
  if (chemical.length >= 2 && (ARROW.test(question) || /\+|=/.test(question)))
    return { tool: 'chemistry-solver', looksLike: 'a chemical equation' };
  if (chemical.length >= 1 && (CHEMISTRY_WORDS.test(question) || ARROW.test(question) || chemical.length === 1))
    return { tool: 'chemistry-solver', looksLike: 'a chemistry question' };
  const quantities = [...question.matchAll(PHYSICS_UNIT)].length;
  if ((quantities >= 1 && PHYSICS_WORDS.test(question)) || quantities >= 2)
    return { tool: 'physics-solver', looksLike: 'a physics problem' };
  return undefined;
}
