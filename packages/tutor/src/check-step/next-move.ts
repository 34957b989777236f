/**
 * A good next move from a right line of working, read from the line itself (not from the engine's own path): the
 * student who wrote 2x − 8 = 0 is told to move the 8, the one who wrote x − 4 = 0 the 4.
 */
import type { MathNode } from 'mathjs';
import { shown } from './diagnose';
import { type Relation, degreeOf, sideOf, trimmed } from './lines';

const isZero = (p: readonly number[]): boolean => trimmed(p).length === 0;

/** `(x − 2)(x − 3)` or `x(x − 3)`: a product of brackets, ready to be read off. */
const isFactored = (node: MathNode): boolean => {
  const inner = node.type === 'ParenthesisNode' ? (node as MathNode & { content: MathNode }).content : node;
  if (inner.type !== 'OperatorNode') return false;
  const operator = inner as MathNode & { fn: string; args: MathNode[] };
  return operator.fn === 'multiply' && operator.args.some((arg) => arg.type === 'ParenthesisNode');
};

/** "subtract 3 from both sides" / "add 3 to both sides", for a term c·what to take away. */
const takeAway = (c: number, what: string): string =>
  c > 0 ? `subtract ${what} from both sides` : `add ${what} to both sides`;

const termText = (c: number, v: string, power: number): string => {
  const size = Math.abs(c);
  const number = power > 0 && Math.abs(size - 1) < 1e-12 ? '' : shown(size);
  return `${number}${power > 0 ? v : ''}`;
};

/**
 * @param line - the student's one relation (right, not yet the answer)
 * @param v - the unknown
 * @param inequality - whether the question is an inequality (dividing by a negative number turns its sign)
 * @returns the next move in a sentence
 */
export function nextMove(line: Relation, v: string, inequality: boolean): string {
  const left = sideOf(line.left, v);
  const right = sideOf(line.right, v);
  if (left === undefined || right === undefined)
    return `Multiply both sides by the common denominator to clear the fractions, and note the values of ${v} that make a denominator zero: they cannot be solutions.`;
  const degree = Math.max(degreeOf(left), degreeOf(right));
  if (degree >= 3)
    return `Take out a common factor, or find a root by trying small whole numbers, then factor what is left.`;
  if (degree === 2) {
    if (!isZero(left) && !isZero(right)) return 'Move every term to one side so that the other side is 0.';
    const zeroSide = isZero(left) ? line.right : line.left;
    if (isFactored(zeroSide))
      return inequality
        ? 'Find where each bracket is 0, then test a point in each interval between those values.'
        : 'A product is 0 only when one of its factors is 0: set each bracket equal to 0.';
    return inequality
      ? `Solve the matching equation to find where it is 0 (factor it, or use the quadratic formula), then test a point in each interval.`
      : `Factor it, or use the quadratic formula with a, b and c read from your line.`;
  }
  const [leftConstant = 0, leftX = 0] = left;
  const [rightConstant = 0, rightX = 0] = right;
  if (Math.abs(leftX) > 1e-12 && Math.abs(rightX) > 1e-12)
    return `Collect the ${v} terms on one side: ${takeAway(rightX, termText(rightX, v, 1))}.`;
  const [xCoefficient, ownConstant] = Math.abs(leftX) > 1e-12 ? [leftX, leftConstant] : [rightX, rightConstant];
  if (Math.abs(ownConstant) > 1e-12)
    return `Move the number beside the ${v} term to the other side: ${takeAway(ownConstant, termText(ownConstant, v, 0))}.`;
  const turn = inequality && xCoefficient < 0 ? ', and turn the inequality sign round because it is negative' : '';
  return `Divide both sides by ${shown(xCoefficient)}${turn}.`;
}
