/**
 * "Balance H2 + O2 -> H2O": the answer, the tutor's steps (one equation per element), the atom check, the hints,
 * and the grading of a student's balanced equation.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import {
  refusedAnswer,
  solvedAnswer,
  type Check,
  type CheckResult,
  type Step,
  type TutorAnswer,
} from '@studyease/contract';
import {
  balance,
  hasArrow,
  parseEquation,
  sideDifferences,
  sideTotals,
  signed,
  writeEquation,
  type ParsedEquation,
} from './equation';
import { ChemError, formulaLatex, normalizeChemText, speciesKey, type Species } from './formula';
import { equationClause } from './stoichiometry/read';
import { gcd, toFraction } from '../rational';
import { trimTrailing } from '../trim-trailing';

export const BALANCE_KIND = 'balance-equation';
const TOOL = 'chemistry-solver';

/** Strips "balance the equation:" and the like, and a final full stop or question mark. */
export function equationFromQuestion(question: string): string {
  const plain = trimTrailing(
    question
      .trim()
      .replace(
        /^(please\s+)?(balance|balancing|complete)(\s+(the|this))?(\s+(following|chemical|redox|ionic|net))*(\s+(equation|reaction))?\s*(:|-(?!>))?\s*/i,
        '',
      ),
    /[.?!\s]/,
  );
  // Words around the equation ("can you balance …", "… balance it", "balance: …") are left out.
  const clause = hasArrow(plain) ? equationClause(normalizeChemText(plain)) : undefined;
  return clause ? trimTrailing(clause, /[.?!\s]/) : plain;
}

const letters = 'abcdefghijklmnopqrstuvwxyz';

function equationLatex(equation: ParsedEquation, coefficients: readonly (bigint | string)[]): string {
  const term = (one: Species, index: number): string => {
    const c = coefficients[index];
    const prefix =
      c === undefined || String(c) === '1' ? '' : /^[a-z]$/.test(String(c)) ? `${String(c)}\\,` : `${String(c)}\\,`;
    return `${prefix}${formulaLatex(one.text)}`;
  };
  const n = equation.left.length;
  const left = equation.left.map((one, index) => term(one, index)).join(' + ');
  const right = equation.right.map((one, index) => term(one, index + n)).join(' + ');
  return `${left} ${equation.arrow === '<=>' ? '\\rightleftharpoons' : '\\rightarrow'} ${right}`;
}

/** `a, b and c`. */
const listOf = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}` : items.join('');

/** `2a + b` for a side of one element's equation. */
function sideExpression(counts: readonly number[], offset: number): string {
  const parts: string[] = [];
  counts.forEach((count, index) => {
    if (count === 0) return;
    const letter = letters[index + offset]!;
    parts.push(count === 1 ? letter : count === -1 ? `-${letter}` : `${count}${letter}`);
  });
  return parts.length ? parts.join(' + ').replace(/\+ -/g, '- ') : '0';
}

/** Builds the atom and charge checks by re-reading the answer text and counting atoms independently. */
export function equationChecks(answerText: string): Check[] {
  let equation: ParsedEquation;
  try {
    equation = parseEquation(answerText);
  } catch (error) {
    return [{ kind: 'atoms', passed: false, detail: `The answer could not be read back: ${(error as Error).message}` }];
  }
  const coefficient = (one: Species): number =>
    one.coefficient ? Number(one.coefficient.n) / Number(one.coefficient.d) : 1;
  const left = sideTotals(equation.left, equation.left.map(coefficient));
  const right = sideTotals(equation.right, equation.right.map(coefficient));
  const differences = sideDifferences(left, right);
  const atomDifferences = differences.filter((line) => !line.startsWith('charge'));
  const symbols = [...left.atoms.keys()];
  const checks: Check[] = [
    {
      kind: 'atoms',
      passed: atomDifferences.length === 0 && symbols.length > 0,
      detail: atomDifferences.length
        ? atomDifferences.join('; ')
        : `Counted again: ${symbols.map((symbol) => `${symbol} ${left.atoms.get(symbol)} = ${right.atoms.get(symbol) ?? 0}`).join(', ')}.`,
    },
  ];
  const charged = [...equation.left, ...equation.right].some((one) => one.charge !== 0);
  if (charged) {
    checks.push({
      kind: 'charge',
      passed: left.charge === right.charge,
      detail: `Total charge: ${signed(left.charge)} on the left, ${signed(right.charge)} on the right.`,
    });
  }
  const all = [...equation.left, ...equation.right];
  const ints = all.map((one) => one.coefficient ?? { n: 1n, d: 1n });
  const whole = ints.every((c) => c.d === 1n && c.n > 0n);
  const divisor = ints.reduce((acc, c) => gcd(acc, c.n), 0n);
  checks.push({
    kind: 'smallest-coefficients',
    passed: whole && divisor === 1n,
    detail:
      whole && divisor === 1n
        ? 'The coefficients are whole numbers with no common factor.'
        : 'The coefficients are not the smallest whole numbers.',
  });
  return checks;
}

export function balanceHints(equation: ParsedEquation | undefined): string[] {
  const hints = [
    'This is balancing a chemical equation: every element (and the total charge) must be the same on both sides. Only the coefficients in front of the formulas may change, never the subscripts.',
    'Put an unknown coefficient (a, b, c, …) in front of each formula and count each element on both sides.',
  ];
  if (equation) {
    const first = [...equation.left, ...equation.right].find((one) => one.atoms.size > 0);
    const symbol = first ? [...first.atoms.keys()][0] : undefined;
    if (symbol)
      hints.push(
        `Write one equation per element, starting with ${symbol}: (atoms of ${symbol} on the left) = (atoms of ${symbol} on the right).`,
      );
  }
  hints.push(
    'Solve those equations with one coefficient set to 1, then multiply everything by the smallest number that clears the fractions.',
  );
  return hints;
}

/** Solves a balancing question (the equation alone or "balance …"). */
export function solveBalance(question: string): TutorAnswer {
  const text = equationFromQuestion(question);
  if (/\b(acidic|basic|alkaline)\s+(solution|medium|conditions)\b/i.test(question)) {
    return refusedAnswer(
      TOOL,
      'unsupported',
      BALANCE_KIND,
      question,
      'Balancing in acidic or basic solution (adding H+, OH- and H2O yourself) is not supported: write them into the equation and ask again.',
    );
  }
  let equation: ParsedEquation;
  try {
    equation = parseEquation(text);
  } catch (error) {
    if (error instanceof ChemError) return refusedAnswer(TOOL, 'invalid', BALANCE_KIND, question, error.message);
    throw error;
  }
  const result = balance(equation);
  if (!result.ok) return refusedAnswer(TOOL, result.status, BALANCE_KIND, question, result.reason);
  const all = [...equation.left, ...equation.right];
  const n = equation.left.length;
  const answerText = writeEquation(equation, result.coefficients);
  const describe = (one: Species): string => {
    if (one.electron) return `${one.text}: an electron, charge -1`;
    const atoms = [...one.atoms].map(([symbol, count]) => `${symbol} ${count}`).join(', ');
    return `${one.text}: ${atoms}${one.charge ? `, charge ${signed(one.charge)}` : ''}`;
  };
  const rows = result.elements.map((symbol) => {
    const counts = all.map((one) => one.atoms.get(symbol) ?? 0);
    return `${symbol}: ${sideExpression(counts.slice(0, n), 0)} = ${sideExpression(counts.slice(n), n)}`;
  });
  if (result.charged) {
    const charges = all.map((one) => one.charge);
    rows.push(`charge: ${sideExpression(charges.slice(0, n), 0)} = ${sideExpression(charges.slice(n), n)}`);
  }
  // The solution in terms of the last coefficient shows where the fractions come from.
  const last = letters[all.length - 1]!;
  const lastValue = result.solution[all.length - 1]!;
  const relative = result.solution.slice(0, -1).map((value, index) => {
    const ratio = { n: value.n * lastValue.d, d: value.d * lastValue.n };
    const g = gcd(ratio.n, ratio.d);
    const reduced = { n: (ratio.d < 0n ? -ratio.n : ratio.n) / g, d: (ratio.d < 0n ? -ratio.d : ratio.d) / g };
    const text = toFraction(reduced);
    return `${letters[index]} = ${text === '1' ? '' : text.includes('/') ? `(${text})*` : `${text}*`}${last}`;
  });
  const values = result.coefficients.map((value, index) => `${letters[index]} = ${value}`).join(', ');
  const leftTotals = sideTotals(equation.left, result.coefficients.slice(0, n).map(Number));
  const rightTotals = sideTotals(equation.right, result.coefficients.slice(n).map(Number));
  const steps: Step[] = [
    {
      title: 'Read the formulas',
      explanation: `Count the atoms in each formula (a subscript after brackets multiplies everything inside): ${all.map(describe).join('; ')}.`,
    },
    {
      title: 'Name the unknown coefficients',
      explanation: `Put an unknown coefficient (${listOf(all.map((_one, index) => letters[index]!))}) in front of every formula.`,
      latex: equationLatex(
        equation,
        all.map((_one, index) => letters[index]!),
      ),
    },
    {
      title: result.charged ? 'One equation per element, and one for the charge' : 'One equation per element',
      // Words here, the equations in `latex` (each step shows its maths once), element symbols upright there.
      explanation: `Each element must appear the same number of times on both sides${result.charged ? ', and the total charge must be equal' : ''}: one equation for each of ${listOf(result.elements)}${result.charged ? ', and one for the charge' : ''}, in the coefficients ${listOf(all.map((_one, index) => letters[index]!))}.`,
      latex: `\\begin{aligned}${rows
        .map((row) => {
          const [label = '', equation = ''] = row.split(': ');
          return `${label === 'charge' ? '\\text{charge}' : `\\mathrm{${label}}`}:\\ & ${equation}`;
        })
        .join('\\\\ ')}\\end{aligned}`,
    },
    {
      title: 'Solve for the coefficients',
      explanation: `In terms of ${last}: ${relative.join(', ')}. The smallest ${last} that makes every coefficient a whole number gives ${values}.`,
    },
    {
      title: 'Write the balanced equation and count again',
      explanation: `Put the coefficients in front of the formulas and count the atoms on each side again: ${result.elements
        .map((symbol) => `${symbol} ${leftTotals.atoms.get(symbol) ?? 0} = ${rightTotals.atoms.get(symbol) ?? 0}`)
        .join(', ')}${result.charged ? `; charge ${signed(leftTotals.charge)} = ${signed(rightTotals.charge)}` : ''}.`,
      latex: equationLatex(equation, result.coefficients),
    },
  ];
  return solvedAnswer({
    tool: TOOL,
    kind: BALANCE_KIND,
    question: {
      text: question,
      latex: equationLatex(
        equation,
        all.map((one) => (one.coefficient ? toFraction(one.coefficient) : '1')),
      ),
    },
    answer: { text: answerText, latex: equationLatex(equation, result.coefficients) },
    steps,
    checks: equationChecks(answerText),
    hints: balanceHints(equation),
  });
}

/** Grades a student's balanced equation (or a list of coefficients in the question's order). */
export function checkBalance(question: string, studentAnswer: string): CheckResult {
  const solved = solveBalance(question);
  if (solved.status !== 'solved')
    return { correct: false, differences: [solved.reason ?? 'The question cannot be balanced.'] };
  const reference = parseEquation(equationFromQuestion(question));
  const expected = balance(reference);
  if (!expected.ok) return { correct: false, differences: [expected.reason] };
  const all = [...reference.left, ...reference.right];
  const n = reference.left.length;
  const answer = trimTrailing(studentAnswer.trim(), /[.\s]/);
  // As the student wrote them (`4/2` stays 4/2, which is not a whole number), so not reduced rationals.
  let coefficients: Array<{ n: bigint; d: bigint }>;
  if (/^[\d\s,;/]+$/.test(answer)) {
    const numbers = answer.split(/[\s,;]+/).filter(Boolean);
    if (numbers.length !== all.length) {
      return {
        correct: false,
        differences: [
          `Expected ${all.length} coefficients (one per formula, in the question's order), got ${numbers.length}.`,
        ],
      };
    }
    coefficients = numbers.map((value) => {
      const [num = '0', den = '1'] = value.split('/');
      return { n: BigInt(num || '0'), d: BigInt(den || '1') };
    });
  } else {
    let student: ParsedEquation;
    try {
      student = parseEquation(answer);
    } catch (error) {
      return { correct: false, differences: [`Your equation could not be read: ${(error as Error).message}`] };
    }
    const differences: string[] = [];
    coefficients = all.map(() => ({ n: 0n, d: 1n }));
    const keys = all.map(speciesKey);
    const place = (one: Species, onLeft: boolean): void => {
      const index = keys.indexOf(speciesKey(one));
      if (index < 0) {
        differences.push(`${one.text} is not in the question's equation.`);
        return;
      }
      if (index < n !== onLeft) differences.push(`${one.text} is on the wrong side.`);
      coefficients[index] = one.coefficient ?? { n: 1n, d: 1n };
    };
    student.left.forEach((one) => place(one, true));
    student.right.forEach((one) => place(one, false));
    all.forEach((one, index) => {
      if (coefficients[index]!.n === 0n) differences.push(`${one.text} is missing.`);
    });
    if (differences.length) return { correct: false, differences };
  }
  const values = coefficients.map((c) => Number(c.n) / Number(c.d));
  const differences = sideDifferences(
    sideTotals(reference.left, values.slice(0, n)),
    sideTotals(reference.right, values.slice(n)),
  );
  if (differences.length) return { correct: false, differences };
  if (coefficients.some((c) => c.d !== 1n)) {
    return {
      correct: false,
      differences: [
        'It is balanced, but the coefficients should be whole numbers: multiply all of them to clear the fractions.',
      ],
    };
  }
  const divisor = coefficients.reduce((acc, c) => gcd(acc, c.n), 0n);
  if (divisor > 1n) {
    return {
      correct: false,
      differences: [`It is balanced, but not in lowest terms: divide every coefficient by ${divisor}.`],
    };
  }
  const same = coefficients.every((c, index) => c.n === expected.coefficients[index]);
  return same
    ? { correct: true, differences: [] }
    : { correct: false, differences: ['The coefficients differ from the balanced equation.'] };
}
