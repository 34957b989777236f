/**
 * "Prove that LHS = RHS": the verdict comes from the numeric check (a counterexample decides false); the rewrite
 * chain on the exact ring, when both sides fit it, gives the steps and must agree, or the question is refused.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { Step } from '@studyease/contract';
import { type Node, InvalidInput, Unsupported, size, variables } from '../ast';
import { type Outcome, fmt, step } from '../common';
import { toLatex, toText } from '../print';
import { NotTrig, TRIG, mapTree, trigCalls } from './angles';
import { compareNumerically, envText } from './numeric';
import { gradeVerdict } from './phrasing';
import { similarIdentity } from '../practice';
import { chain, quotientStage, same, stageSteps } from './rewrite';
import { type TrigRing, buildRing, ratioEqual } from './ring';

const complexity = (n: Node): number => {
  let score = size(n).count;
  mapTree(n, (m) => {
    if (m.k === 'call' && TRIG.has(m.fn)) {
      if (m.fn !== 'sin' && m.fn !== 'cos') score += 6;
      if (m.args[0]!.k !== 'sym') score += 6;
    }
    return m;
  });
  return score;
};

const onlyFn = (n: Node): 'sin' | 'cos' | undefined => {
  const fns = new Set(trigCalls(quotientStage(n)?.node ?? n).map((c) => (c.k === 'call' ? c.fn : '')));
  if (fns.has('sin') && !fns.has('cos')) return 'sin';
  if (fns.has('cos') && !fns.has('sin')) return 'cos';
  return undefined;
};

export const proveIdentity = (question: string, relation: Node): Outcome => {
  if (relation.k !== 'rel' || relation.op !== '=') throw new InvalidInput('an identity needs two sides joined by =');
  const vars = variables(relation);
  if (vars.length === 0) throw new Unsupported('there is no variable, so this is a numeric statement, not an identity');
  if (vars.length > 3) throw new Unsupported('identities in more than three variables');
  const { a: lhs, b: rhs } = relation;
  const numeric = compareNumerically(lhs, rhs, vars, question);
  if (!numeric.counterexample && numeric.agree.length < 6)
    throw new Unsupported('both sides are undefined at too many test points to decide');
  const verdict = !numeric.counterexample;

  // The rewrite chain (exact), when both sides fit the ring.
  let ring: TrigRing | null;
  let exact: boolean | null = null;
  try {
    ring = buildRing([lhs, rhs]);
    exact = ratioEqual(ring.toRat(lhs), ring.toRat(rhs));
  } catch (error) {
    if (!(error instanceof NotTrig)) throw error;
    ring = null;
  }
  if (exact !== null && exact !== verdict)
    throw new Unsupported('the algebra and the numeric check disagree (the sides may be undefined in places)');

  const steps: Step[] = [
    step('Read the identity', 'Decide whether both sides are equal for every value where they are defined.', relation),
  ];
  const leftFirst = complexity(lhs) >= complexity(rhs);
  const [start, other] = leftFirst ? [lhs, rhs] : [rhs, lhs];
  const [startName, otherName] = leftFirst ? ['left', 'right'] : ['right', 'left'];
  if (ring) {
    const ringOk = ring;
    steps.push(
      step(
        `Start from the ${startName} side`,
        'Work on the more complicated side and turn it into the other one, one identity at a time.',
        start,
      ),
    );
    const startStages = chain(ringOk, start, onlyFn(other), other);
    steps.push(...stageSteps(startName, startStages));
    const lastStart = startStages[startStages.length - 1]?.node ?? start;
    if (verdict) {
      if (same(lastStart, other)) {
        steps.push(
          step(
            `This is the ${otherName} side`,
            `${toText(lastStart)} is exactly the ${otherName} side, so the identity holds.`,
            relation,
          ),
        );
      } else {
        const otherStages = chain(ringOk, other, onlyFn(lastStart), lastStart);
        const lastOther = otherStages[otherStages.length - 1]?.node ?? other;
        if (otherStages.length) {
          steps.push(step(`Now the ${otherName} side`, `Simplify the ${otherName} side the same way.`, other));
          steps.push(...stageSteps(otherName, otherStages));
        }
        if (same(lastOther, lastStart)) {
          steps.push(
            step(
              'Both sides match',
              `Both sides equal ${toText(lastStart)}, so the identity holds.`,
              `${toLatex(lastStart)} = ${toLatex(lastOther)}`,
            ),
          );
        } else {
          steps.push(
            step(
              'Both sides match',
              `Cross-multiply ${toText(lastStart)} = ${toText(lastOther)} and replace every cos(x)^2 by 1 - sin(x)^2: both sides become the same polynomial, so the identity holds.`,
              `${toLatex(lastStart)} = ${toLatex(lastOther)}`,
            ),
          );
        }
      }
    } else {
      steps.push(
        step(
          `Compare with the ${otherName} side`,
          `The ${startName} side simplifies to ${toText(lastStart)}, which is not the same as ${toText(other)}.`,
        ),
      );
    }
  } else if (verdict) {
    steps.push(
      step(
        'No rewrite chain found',
        'This identity is outside my table of standard identities, so it is decided by the numeric check alone.',
      ),
    );
  }

  const sample = numeric.agree.slice(0, 4).map(envText).join('; ');
  let checkDetail: string;
  if (numeric.counterexample) {
    const { env, a, b } = numeric.counterexample;
    const [va, vb] = [a, b];
    checkDetail = `counterexample at ${envText(env)}: left side = ${fmt(va)}, right side = ${fmt(vb)}`;
    steps.push(
      step(
        'Test a value',
        `Take ${envText(env)}: the left side is ${fmt(va)} but the right side is ${fmt(vb)}. One value where they differ is enough: this is not an identity.`,
      ),
    );
  } else {
    checkDetail = `both sides agree at ${numeric.agree.length} random points (${sample}; poles skipped)`;
    steps.push(
      step(
        'Check with numbers',
        `Both sides give the same value at ${numeric.agree.length} random points, e.g. ${sample}.`,
      ),
    );
  }
  const checks = [{ kind: 'numeric-identity', passed: true, detail: checkDetail }];
  if (exact !== null)
    checks.push({
      kind: 'exact-rewrite',
      passed: exact === verdict,
      detail: exact
        ? 'the sides are equal after the identity rewrites (exact algebra)'
        : 'the sides differ after the identity rewrites (exact algebra)',
    });
  const text = verdict ? 'true' : 'false';
  return {
    kind: 'trig-identity',
    answer: { text, latex: `\\text{${text}}` },
    steps,
    checks,
    hints: [
      'This is a trigonometric identity: is the equation true for every x where both sides are defined?',
      'Try one value of x first: if the sides differ even once, it is not an identity.',
      'Start from the more complicated side and write tan, cot, sec and csc in terms of sin and cos.',
      'Expand double angles (sin(2x) = 2 sin(x) cos(x), cos(2x) = cos²(x) − sin²(x)) and combine into one fraction.',
      ring
        ? `Use sin²(x) + cos²(x) = 1 on the ${startName} side, then compare it with the other side.`
        : 'Use sin²(x) + cos²(x) = 1 to finish.',
    ],
    grade: (student) => gradeVerdict(verdict, student),
    similar: similarIdentity,
  };
};
