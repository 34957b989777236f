/**
 * Inequalities: one side minus the other is a polynomial of degree 1 or 2 whose exact roots cut the line into
 * intervals; one test point per interval decides, and the answer is checked at 81 sample points.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Node, Unsupported, num, sym } from './ast';
import { type CalculusOptions, mainVariable } from './calculus';
import { type Outcome, step } from './common';
import { similarInequality } from './practice';
import { quadraticRoots } from './equations';
import { evalReal } from './evaluate';
import { parse } from './parse';
import { NotRational, polyToNode, toRatFn } from './poly';
import { toText } from './print';
import * as R from '../rational';

/** Linear and quadratic inequalities by sign analysis of a polynomial (exact roots), answered as intervals. */
export const solveInequality = (node: Node, options: CalculusOptions): Outcome => {
  if (node.k !== 'rel') throw new Unsupported('only single inequalities are supported');
  const v = mainVariable(node, options);
  let f;
  try {
    f = toRatFn({ k: 'add', args: [node.a, { k: 'neg', arg: node.b }] }, v);
  } catch (error) {
    if (error instanceof NotRational) throw new Unsupported('only polynomial inequalities are supported');
    throw error;
  }
  if (f.den.length !== 1) throw new Unsupported('inequalities with the variable in a denominator are not supported');
  const p = f.num;
  const deg = p.length - 1;
  if (deg < 1 || deg > 2) throw new Unsupported('only linear and quadratic inequalities are supported');
  // Exact real roots (rational or quadratic surds), sorted.
  let roots: Node[] = [];
  let values: number[] = [];
  if (deg === 1) {
    const r = R.div(R.neg(p[0]!), p[1]!);
    roots = [num(r)];
    values = [R.toNumber(r)];
  } else {
    const prim = p.map((c) => c);
    let l = 1n;
    for (const c of prim) l = R.lcm(l, c.d);
    const [c0, c1, c2] = prim.map((c) => (c.n * l) / c.d) as [bigint, bigint, bigint];
    const sgn = c2 < 0n ? -1n : 1n;
    const found = quadraticRoots(c2 * sgn, c1 * sgn, c0 * sgn);
    if (found.disc >= 0n) {
      roots = found.roots.map((r) => r.node);
      values = found.roots.map((r) => r.value.re);
    }
  }
  const op = node.op;
  const holds = (x: number): boolean => {
    const y = evalReal({ k: 'add', args: [node.a, { k: 'neg', arg: node.b }] }, { [v]: x });
    return op === '<'
      ? y < 0
      : op === '>'
        ? y > 0
        : op === '<='
          ? y <= 1e-12
          : op === '>='
            ? y >= -1e-12
            : Math.abs(y) < 1e-12;
  };
  const strict = op === '<' || op === '>';
  const lt = strict ? '<' : '<=';
  const gt = strict ? '>' : '>=';
  // Test one point in each interval between roots, plus the roots themselves.
  const cuts = values;
  const samples =
    cuts.length === 0
      ? [0]
      : [cuts[0]! - 1, ...cuts.slice(1).map((c, k) => (c + cuts[k]!) / 2), cuts[cuts.length - 1]! + 1];
  const inside = samples.map(holds);
  const x = sym(v);
  const relText = (a: Node, o: string, b: Node): string => `${toText(a)} ${o} ${toText(b)}`;
  let text: string;
  if (cuts.length === 0) text = inside[0] ? 'all real numbers' : 'no solution';
  else if (cuts.length === 1) {
    const r = roots[0]!;
    text =
      inside[0] && inside[1]
        ? strict
          ? `${v} != ${toText(r)}`
          : 'all real numbers'
        : inside[0]
          ? relText(x, lt, r)
          : inside[1]
            ? relText(x, gt, r)
            : strict
              ? 'no solution'
              : `${v} = ${toText(r)}`;
  } else if (inside[1]) text = `${toText(roots[0]!)} ${lt} ${v} ${lt} ${toText(roots[1]!)}`;
  else text = `${relText(x, lt, roots[0]!)} or ${relText(x, gt, roots[1]!)}`;
  // Check: sample many points and compare membership in the answer with the original inequality.
  const answerNode = text.includes(' or ') || /real|solution|!=/.test(text) ? null : parse(text);
  let passed = true;
  if (answerNode) {
    for (let k = -40; k <= 40; k++) {
      const t = k * 0.37 + 0.011;
      const inAnswer =
        answerNode.k === 'rel'
          ? holdsRel(answerNode, v, t)
          : answerNode.k === 'call'
            ? answerNode.args.every((a) => holdsRel(a, v, t))
            : false;
      if (inAnswer !== holds(t)) passed = false;
    }
  }
  return {
    kind: deg === 1 ? 'linear-inequality' : 'quadratic-inequality',
    answer: { text, latex: text.replace(/<=/g, '\\le').replace(/>=/g, '\\ge').replace(/ or /g, ' \\text{ or } ') },
    steps: [
      step('Move everything to one side', 'Compare the expression with 0.', {
        k: 'rel',
        op,
        a: polyToNode(p, v),
        b: num(0),
      }),
      step(
        'Find the boundary points',
        cuts.length
          ? `Solve the equation: ${roots.map((r) => `${v} = ${toText(r)}`).join(', ')}.`
          : 'The expression is never zero.',
      ),
      step(
        'Test each interval',
        'Pick a point in each interval and check the sign (dividing by a negative number flips the inequality).',
      ),
    ],
    checks: [
      { kind: 'sample-points', passed, detail: 'the answer and the original inequality agree at 81 sample points' },
    ],
    hints: [
      `This is a ${deg === 1 ? 'linear' : 'quadratic'} inequality.`,
      'Solve the matching equation to find the boundary points.',
      'Test a point in each interval.',
    ],
    grade: (s) =>
      s.replace(/\s/g, '') === text.replace(/\s/g, '')
        ? { correct: true, differences: [] }
        : { correct: false, differences: [`the solution set is ${text}`] },
    similar: similarInequality(deg),
  };
};

const holdsRel = (node: Node, v: string, t: number): boolean => {
  if (node.k !== 'rel') return false;
  const a = evalReal(node.a, { [v]: t });
  const b = evalReal(node.b, { [v]: t });
  return node.op === '<'
    ? a < b
    : node.op === '>'
      ? a > b
      : node.op === '<='
        ? a <= b
        : node.op === '>='
          ? a >= b
          : a === b;
};
