/**
 * "Simplify" of a trig expression: the input is fitted as k·f + m for a table of standard results (1, sin, tan,
 * sin(2u), sin²…), each fit proved exactly in the ring; otherwise the rewrite chain's result when it is shorter.
 * Either way the result must agree with the input at random points.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { Step } from '@studyease/contract';
import { type Node, add, call, div, mul, neg, num, pow, size, sym, variables } from '../ast';
import { type Outcome, step } from '../common';
import { Undefined, complex, evaluate } from '../evaluate';
import { gradeExpression } from '../grade';
import { toLatex, toText } from '../print';
import * as R from '../../rational';
import type { Q } from '../../rational';
import { NotTrig } from './angles';
import { compareNumerically, envText } from './numeric';
import { similarTrigSimplification } from '../practice';
import { chain, same } from './rewrite';
import { type TrigRatio, type TrigRing, buildRing, ratioConst, ratioEqual, trigAdd, trigScale } from './ring';

const rationalize = (x: number): Q | null => {
  if (!Number.isFinite(x)) return null;
  for (let d = 1; d <= 24; d++) {
    const n = Math.round(x * d);
    if (Math.abs(x - n / d) < 1e-9 * Math.max(1, Math.abs(x))) return R.q(n, d);
  }
  return null;
};

const angleNode = (v: string, k: Q): Node => {
  const top = R.abs(k.n) === 1n ? sym(v) : mul(num(R.abs(k.n)), sym(v));
  const body = k.d === 1n ? top : div(top, num(k.d));
  return k.n < 0n ? neg(body) : body;
};

const IDENTITY_NAME: Record<string, string> = {
  const: 'Pythagorean identity',
  sin: 'Recognize the result',
  cos: 'Recognize the result',
  tan: 'Quotient identity',
  cot: 'Quotient identity',
  sec: 'Reciprocal identity',
  csc: 'Reciprocal identity',
  sin2: 'Double-angle identity',
  cos2: 'Double-angle identity',
  tan2: 'Double-angle identity',
  square: 'Pythagorean identity',
};

export const simplifyTrig = (question: string, node: Node): Outcome | null => {
  const vars = variables(node);
  let ring: TrigRing;
  let rat: TrigRatio;
  try {
    ring = buildRing([node]);
    if (ring.ctx.vars.length !== 1 || vars.length !== 1) return null;
    rat = ring.toRat(node);
  } catch (error) {
    if (error instanceof NotTrig) return null;
    throw error;
  }
  const v = ring.ctx.vars[0]!;
  const unit = R.q(1n, ring.ctx.L[v]);
  const u = angleNode(v, unit);
  const u2 = angleNode(v, R.mul(unit, R.q(2)));
  const candidates: [string, Node][] = [
    ['const', num(1)],
    ['sin', call('sin', u)],
    ['cos', call('cos', u)],
    ['tan', call('tan', u)],
    ['cot', call('cot', u)],
    ['sec', call('sec', u)],
    ['csc', call('csc', u)],
    ['sin2', call('sin', u2)],
    ['cos2', call('cos', u2)],
    ...['sin', 'cos', 'tan', 'cot', 'sec', 'csc'].map((f): [string, Node] => ['square', pow(call(f, u), num(2))]),
    ['tan2', call('tan', u2)],
  ];
  const at = (n: Node, x: number): number | null => {
    try {
      const r = evaluate(n, { [v]: complex(x) });
      return Math.abs(r.im) < 1e-12 && Math.abs(r.re) < 1e5 ? r.re : null;
    } catch (error) {
      if (error instanceof Undefined) return null;
      throw error;
    }
  };
  /** The input as k*f + m, with k and m read off two sample points, then proved exactly in the ring. */
  const fit = (f: Node, constant: boolean, allowShift: boolean): { k: Q; m: Q } | null => {
    const xs = [0.731, 1.117, -0.413, 2.309, -1.871].filter((x) => at(node, x) !== null && at(f, x) !== null);
    if (xs.length < 2) return null;
    let k: Q | null;
    let m: Q | null = R.ZERO;
    if (constant) k = rationalize(at(node, xs[0]!)!);
    else {
      const [i1, i2, f1, f2] = [at(node, xs[0]!)!, at(node, xs[1]!)!, at(f, xs[0]!)!, at(f, xs[1]!)!];
      if (Math.abs(f1 - f2) < 1e-6) return null;
      const kk = (i1 - i2) / (f1 - f2);
      k = rationalize(kk);
      m = allowShift ? rationalize(i1 - kk * f1) : R.ZERO;
      if (!k || R.isZero(k)) return null;
    }
    if (!k || !m) return null;
    const fr = constant ? ratioConst(ring.ctx, R.ONE) : ring.toRat(f);
    const shifted: TrigRatio = { n: trigAdd(trigScale(fr.n, k), fr.d, m), d: fr.d };
    return ratioEqual(rat, shifted) ? { k, m } : null;
  };
  let result: Node | null = null;
  let name = '';
  for (const allowShift of [false, true]) {
    for (const [kind, f] of candidates) {
      if (allowShift && kind === 'const') continue;
      const found = fit(f, kind === 'const', allowShift);
      if (!found) continue;
      const { k, m } = found;
      let term: Node;
      if (kind === 'const') term = num(k);
      else if (R.isOne(k)) term = f;
      else if (R.eq(k, R.q(-1))) term = neg(f);
      else if (R.isInt(k)) term = mul(num(k), f);
      else {
        const top = R.abs(k.n) === 1n ? f : mul(num(R.abs(k.n)), f);
        term = k.n < 0n ? neg(div(top, num(k.d))) : div(top, num(k.d));
      }
      result = R.isZero(m) ? term : R.sign(m) > 0 ? add(num(m), term) : add(term, num(m));
      name = IDENTITY_NAME[kind]!;
      break;
    }
    if (result) break;
  }
  const stages = chain(ring, node, undefined);
  if (!result) {
    const last = stages[stages.length - 1]?.node;
    if (!last || size(last).count >= size(node).count) return null;
    result = last;
  }
  // The check: the result must equal the input at random points, independently of the algebra.
  const numeric = compareNumerically(node, result, [v], question);
  if (numeric.counterexample || numeric.agree.length < 6) return null;
  const steps: Step[] = [step('Read the expression', 'Simplify using the standard trig identities.', node)];
  steps.push(...stages.map((s) => step(s.title, s.explanation, s.node)));
  const lastShown = stages[stages.length - 1]?.node ?? node;
  if (!same(lastShown, result))
    steps.push(step(name || 'Recognize the result', `${toText(lastShown)} = ${toText(result)}.`, result));
  const finalResult = result;
  return {
    kind: 'simplify-trig-expression',
    answer: { text: toText(finalResult), latex: toLatex(finalResult) },
    steps,
    checks: [
      {
        kind: 'numeric-equivalence',
        passed: true,
        detail: `original and result agree at ${numeric.agree.length} random points (${numeric.agree.slice(0, 3).map(envText).join('; ')})`,
      },
    ],
    hints: [
      'This is a trig simplification: look for a standard identity.',
      'Write tan, cot, sec and csc in terms of sin and cos.',
      'Expand double angles and put everything over one denominator.',
      'Use sin²(x) + cos²(x) = 1, then cancel common factors.',
      'When no identity applies any more, ask: is what is left a single trig function or a double angle?',
    ],
    grade: (student) => gradeExpression(finalResult, student),
    similar: similarTrigSimplification,
  };
};
