/**
 * Percent yield = actual yield / theoretical yield × 100, with the theoretical yield given or found by
 * stoichiometry ("heating 10 g of CaCO3 gives 4 g of CaO: percent yield?"). Read from text with single spaces and
 * names already written as formulas; what cannot be read safely is refused.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { refusedAnswer, solvedAnswer, type Step, type TutorAnswer } from '@studyease/contract';
import { carry } from './numbers';
import { significantFigures } from './sigfigs';
import { equationClause } from './stoichiometry/read';
import { readStoichiometry, solveStoichiometryProblem } from './stoichiometry';
import { roundToFigures } from './sigfigs';

export const PERCENT_YIELD_KIND = 'percent-yield';
const TOOL = 'chemistry-solver';

/** "percent yield", "percentage yield", "% yield", "yield in percent". */
export function asksPercentYield(text: string): boolean {
  return /\b(?:percent(?:age)?|per cent) yield\b|% yield\b|\byield (?:in|as a) percent(?:age)?\b/i.test(text);
}

const NUMBER = String.raw`\d+(?:\.\d+)?|\.\d+`;
const MASS_UNIT = String.raw`kg|mg|grams?|g`;
const FORMULA = String.raw`[A-Z][A-Za-z0-9()]*`;

interface Mass {
  grams: number;
  written: string;
  unit: string;
  formula: string;
  start: number;
  end: number;
}

function gramsOf(written: string, unit: string): number {
  const value = Number(written);
  return unit === 'kg' ? value * 1000 : unit === 'mg' ? value / 1000 : value;
}

function refuse(question: string, reason: string): TutorAnswer {
  return refusedAnswer(TOOL, 'unsupported', PERCENT_YIELD_KIND, question, reason);
}

const HOW =
  'Give the actual and theoretical yields ("actual yield 15 g, theoretical yield 20 g: percent yield?"), or the mass of one reactant and the mass of product obtained ("10 g of CaCO3 gives 4.0 g of CaO: percent yield?").';

function answerFor(
  question: string,
  actual: { grams: number; written: string },
  theoretical: { grams: number; text: string; exact: number },
  figures: number,
  before: Step[],
  reading: string,
): TutorAnswer {
  const value = (actual.grams / Number(theoretical.text)) * 100;
  const shown = carry(value, 4);
  const rounded = roundToFigures(value, figures);
  const exact = (actual.grams / theoretical.exact) * 100;
  const text =
    shown.text === rounded
      ? `${shown.text}%`
      : `${shown.text}% (≈ ${rounded}% to the data's ${figures} significant figure${figures === 1 ? '' : 's'})`;
  const agrees = Math.abs(exact - shown.value) <= 5e-4 * Math.abs(exact) + 1e-9;
  return solvedAnswer({
    tool: TOOL,
    kind: PERCENT_YIELD_KIND,
    question: { text: question, latex: reading },
    answer: { text, latex: `${shown.text}\\%` },
    steps: [
      ...before,
      {
        title: 'Percent yield',
        explanation: `Percent yield = actual / theoretical × 100 = ${actual.written} / ${theoretical.text} × 100 = ${shown.text}%.${value > 100 ? ' More than 100% usually means the product was still wet or impure.' : ''}`,
      },
    ],
    checks: [
      {
        kind: 'recomputed',
        passed: agrees,
        detail: `Recomputed from the unrounded theoretical yield ${theoretical.exact.toPrecision(6)} g: ${exact.toPrecision(6)}%, which agrees with ${shown.text}%.`,
      },
    ],
    hints: [
      'Percent yield = actual yield ÷ theoretical yield × 100.',
      'The theoretical yield is the mass of product the balanced equation predicts from the reactant given.',
    ],
  });
}

/** @returns the answer to a percent-yield question (solved or refused in plain words) */
export function solvePercentYield(question: string, text: string): TutorAnswer {
  // Both yields given: "actual yield 15 g, theoretical yield 20 g".
  const actualGiven = new RegExp(
    String.raw`\bactual(?: yield)?(?: is| was| of|:| =)? (${NUMBER}) ?(${MASS_UNIT})\b`,
    'i',
  ).exec(text);
  const theoreticalGiven = new RegExp(
    String.raw`\btheoretical(?: yield)?(?: is| was| of|:| =)? (${NUMBER}) ?(${MASS_UNIT})\b`,
    'i',
  ).exec(text);
  if (actualGiven && theoreticalGiven) {
    const actual = { grams: gramsOf(actualGiven[1]!, actualGiven[2]!), written: actualGiven[1]! };
    const theoretical = gramsOf(theoreticalGiven[1]!, theoreticalGiven[2]!);
    const figures = Math.min(significantFigures(actualGiven[1]!), significantFigures(theoreticalGiven[1]!));
    const steps: Step[] = [];
    if (actualGiven[2] !== theoreticalGiven[2])
      steps.push({
        title: 'Same units',
        explanation: `Both yields in grams: actual ${actual.grams} g, theoretical ${theoretical} g.`,
      });
    return answerFor(
      question,
      { grams: actual.grams, written: String(actual.grams) },
      { grams: theoretical, text: String(theoretical), exact: theoretical },
      figures,
      steps,
      `\\text{actual} = ${actual.grams}\\ \\mathrm{g},\\ \\text{theoretical} = ${theoretical}\\ \\mathrm{g};\\quad \\text{percent yield} = ?`,
    );
  }
  // One reactant mass and the product mass obtained: the theoretical yield by stoichiometry.
  const masses: Mass[] = [
    ...text.matchAll(new RegExp(String.raw`(?<![\w.])(${NUMBER}) ?(${MASS_UNIT})\b(?: of)? (${FORMULA})`, 'g')),
  ].map((m) => ({
    grams: gramsOf(m[1]!, m[2]!),
    written: m[1]!,
    unit: m[2]!,
    formula: m[3]!,
    start: m.index,
    end: m.index + m[0].length,
  }));
  if (masses.length !== 2) return refuse(question, HOW);
  // The product is the amount after "gives/produces/forms/yields …" or before "… is obtained/produced/formed".
  const afterVerb = (mass: Mass): boolean =>
    / (?:gives|gave|give|produces|produced|forms|formed|yields|yielded|makes|made|obtains|obtained|collects|collected|isolates|isolated) (?:only )?$/i.test(
      text.slice(Math.max(0, mass.start - 24), mass.start),
    );
  const beforeVerb = (mass: Mass): boolean =>
    /^ (?:(?:is|was|were|are) )?(?:obtained|produced|formed|forms|collected|made|isolated|recovered)\b(?! (?:only )?\d)/i.test(
      text.slice(mass.end, mass.end + 24),
    );
  const products = masses.filter((mass) => afterVerb(mass) || beforeVerb(mass));
  if (products.length !== 1) return refuse(question, HOW);
  const product = products[0]!;
  const reactant = masses.find((mass) => mass !== product)!;
  const equation = equationClause(text);
  const unit = reactant.unit === 'kg' || reactant.unit === 'mg' ? reactant.unit : 'g';
  const asked = `${equation ? `${equation}. ` : ''}how many grams of ${product.formula} are produced from ${reactant.written} ${unit} of ${reactant.formula}`;
  const problem = readStoichiometry(asked);
  if (!problem) return refuse(question, HOW);
  const solution = solveStoichiometryProblem(question, problem);
  const answer = solution.answer;
  if (answer.status !== 'solved' || !answer.verified || solution.exact === undefined) {
    return refuse(
      question,
      `I could not find the theoretical yield of ${product.formula} from ${reactant.formula} safely${answer.reason ? `: ${answer.reason}` : ''}.`,
    );
  }
  // The theoretical yield as the stoichiometry steps showed it (its precise value), then the percentage from it.
  const theoreticalText = /^(-?[\d.]+)/.exec(answer.answer?.text ?? '')?.[1];
  if (!theoreticalText) return refuse(question, HOW);
  // The stoichiometry's own rounding step is left out: the theoretical yield is used at its precise value.
  const steps: Step[] = [
    ...answer.steps.filter((step) => step.title !== 'Round to the data'),
    {
      title: 'Theoretical yield',
      explanation: `The theoretical yield of ${product.formula} is ${theoreticalText} g; the actual yield is ${product.written} ${product.unit}.`,
    },
  ];
  const figures = Math.min(significantFigures(product.written), solution.figures);
  return answerFor(
    question,
    { grams: product.grams, written: /^(?:g|grams?)$/.test(product.unit) ? product.written : String(product.grams) },
    { grams: Number(theoreticalText), text: theoreticalText, exact: solution.exact },
    figures,
    steps,
    `m(\\mathrm{${reactant.formula}}) = ${reactant.written}\\ \\mathrm{${reactant.unit}},\\ m_{\\text{actual}}(\\mathrm{${product.formula}}) = ${product.written}\\ \\mathrm{${product.unit}};\\quad \\text{percent yield} = ?`,
  );
}
