/** Grades a student's stoichiometry answer against the engine's own solution. */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { CheckResult, TutorAnswer } from '@studyease/contract';
import { normalizeChemText, speciesKey } from '../formula';
import { halfUnitInLastPlace, roundToFigures, significantFigures } from '../sigfigs';
import {
  FORMULA,
  NUMBER,
  SCALE,
  type StoichiometryProblem,
  UNIT,
  cleanFormula,
  isMass,
  keyOf,
  unitOf,
} from './problem';
import { solveStoichiometryProblem } from './solve';
import { wrongAmount } from '../../mistake';

/** Grades an amount (`36 g`, `35.7 g`, `0.036 kg`) and/or a limiting reagent (`O2`). */
export function checkStoichiometry(
  question: string,
  problem: StoichiometryProblem,
  studentAnswer: string,
): CheckResult {
  const solution = solveStoichiometryProblem(question, problem);
  if (solution.answer.status !== 'solved')
    return { correct: false, differences: [solution.answer.reason ?? 'Not solvable.'] };
  const answer = normalizeChemText(studentAnswer);
  const differences: string[] = [];
  if (problem.asksLimiting && solution.limiting) {
    const formulas = [...answer.matchAll(new RegExp(`(?<![\\d.])${FORMULA}`, 'g'))].map((m) => cleanFormula(m[0]));
    const wanted = speciesKey(solution.limiting);
    const named = formulas.map(keyOf).filter((key) => key !== undefined);
    if (named.length === 0) differences.push('Name the limiting reagent by its formula (e.g. O2).');
    else if (!named.includes(wanted)) {
      differences.push(
        `The limiting reagent is not ${formulas[0]}: compare moles ÷ coefficient for each reactant (the smallest runs out first).`,
      );
    }
  }
  if (problem.target && solution.exact !== undefined) {
    const match = new RegExp(String.raw`(?<![\d.])(${NUMBER})\s*(${UNIT})?\b`, 'i').exec(
      answer.replace(/^[^\d.]*?(?=\d|\.\d)/, ''),
    );
    if (!match) differences.push('Give the amount as a number with its unit, e.g. 36 g.');
    else {
      const unit = match[2] ? unitOf(match[2]) : problem.target.unit;
      if (isMass(unit) !== isMass(problem.target.unit)) {
        differences.push(
          `The question asks for ${isMass(problem.target.unit) ? 'a mass (g)' : 'an amount in moles (mol)'}.`,
        );
      } else {
        const value = (Number(match[1]) * SCALE[unit]) / SCALE[problem.target.unit];
        const tolerance =
          (halfUnitInLastPlace(match[1]!) * SCALE[unit]) / SCALE[problem.target.unit] +
          0.002 * Math.abs(solution.exact);
        if (Math.abs(value - solution.exact) > tolerance) {
          differences.push(
            // Where it went wrong, not the amount itself (issue #14).
            wrongAmount(
              `${match[1]!} ${unit}`,
              value,
              solution.exact,
              `check the mole ratio ${writeEquationHint(solution.answer)}`,
            ),
          );
        } else if (
          significantFigures(match[1]!) < solution.figures &&
          Math.abs(Number(roundToFigures(value, solution.figures)) - value) > 1e-12 * value
        ) {
          differences.push(`Right value, but give ${solution.figures} significant figures, like the data.`);
        }
      }
    }
  }
  return { correct: differences.length === 0, differences };
}

function writeEquationHint(answer: TutorAnswer): string {
  const first = answer.steps[0]?.explanation ?? '';
  // The last sentence, found by lastIndexOf: `/([^.]*(?:->|<=>)[^.]*)\.?$/` backtracks over every split of it.
  const text = first.endsWith('.') ? first.slice(0, -1) : first;
  const sentence = text.slice(text.lastIndexOf('.') + 1);
  return /->|<=>/.test(sentence) ? `from ${sentence.trim()}` : 'from the balanced equation';
}
