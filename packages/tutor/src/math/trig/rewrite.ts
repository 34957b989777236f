/**
 * The rewrite stages shown as steps, in a textbook's order: quotient and reciprocal identities, angle identities
 * (double-angle, angle-sum, shifts), then one fraction and sin² + cos² = 1. Each stage is a tree, so the steps show
 * real expressions.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { Step } from '@studyease/contract';
import { type Node, call, div, num } from '../ast';
import { step } from '../common';
import { toText } from '../print';
import * as R from '../../rational';
import { linOf, mapTree } from './angles';
import { cancel, pythagorean, ratioNode, trigPolyNode } from './display';
import { type TrigRing, reduceSquares } from './ring';

export interface Stage {
  title: string;
  explanation: string;
  node: Node;
}

export const same = (a: Node, b: Node): boolean => toText(a) === toText(b);

/** Quotient and reciprocal identities: tan, cot, sec, csc in terms of sin and cos. */
export const quotientStage = (node: Node): Stage | null => {
  const used = new Set<string>();
  const out = mapTree(node, (m) => {
    if (m.k !== 'call') return m;
    const a = m.args[0]!;
    switch (m.fn) {
      case 'tan':
        used.add('tan');
        return div(call('sin', a), call('cos', a));
      case 'cot':
        used.add('cot');
        return div(call('cos', a), call('sin', a));
      case 'sec':
        used.add('sec');
        return div(num(1), call('cos', a));
      case 'csc':
        used.add('csc');
        return div(num(1), call('sin', a));
      default:
        return m;
    }
  });
  if (used.size === 0) return null;
  const quotient = ['tan', 'cot'].filter((f) => used.has(f));
  const reciprocal = ['sec', 'csc'].filter((f) => used.has(f));
  const formulas: Record<string, string> = {
    tan: 'tan(x) = sin(x)/cos(x)',
    cot: 'cot(x) = cos(x)/sin(x)',
    sec: 'sec(x) = 1/cos(x)',
    csc: 'csc(x) = 1/sin(x)',
  };
  const title =
    quotient.length && reciprocal.length
      ? 'Quotient and reciprocal identities'
      : quotient.length
        ? 'Quotient identity'
        : 'Reciprocal identity';
  return {
    title,
    explanation: `Write everything in sin and cos: ${[...used].map((f) => formulas[f]).join(', ')}.`,
    node: out,
  };
};

/** Double-angle, angle-sum and shift identities: sin and cos of anything but the base angle, expanded. */
const angleStage = (ring: TrigRing, node: Node, prefer?: 'sin' | 'cos'): Stage | null => {
  const rewrites: string[] = [];
  const names = new Set<string>();
  const out = mapTree(node, (m) => {
    if (m.k !== 'call' || (m.fn !== 'sin' && m.fn !== 'cos')) return m;
    const l = linOf(m.args[0]!);
    if (ring.isBase(l)) return m;
    const { s, c } = ring.sinCos(l);
    let p = m.fn === 'sin' ? s : c;
    if (prefer) p = reduceSquares(p, prefer);
    const replacement = trigPolyNode(ring, p);
    const parts = Object.values(l.c).filter((x) => !R.isZero(x));
    if (!R.isZero(l.pi)) names.add('shift (cofunction) identity');
    else if (parts.length > 1) names.add('angle-sum identity');
    else if (parts.length === 1 && ring.ctx.vars.length === 1) {
      const mult = R.mul(parts[0]!, R.q(ring.ctx.L[ring.ctx.vars[0]!]!));
      names.add(R.eq(mult, R.q(2)) || R.eq(mult, R.q(-2)) ? 'double-angle identity' : 'multiple-angle identity');
    } else names.add('multiple-angle identity');
    rewrites.push(`${toText(m)} = ${toText(replacement)}`);
    return replacement;
  });
  if (rewrites.length === 0) return null;
  const list = [...names];
  const title = list.map((n, i) => (i === 0 ? n[0]!.toUpperCase() + n.slice(1) : n)).join(' and ');
  return {
    title,
    explanation: `Expand the angles: ${[...new Set(rewrites)].join('; ')}.`,
    node: out,
  };
};

/** Combine into one fraction, expand, then sin² + cos² = 1. */
const algebraStages = (ring: TrigRing, node: Node): Stage[] => {
  const stages: Stage[] = [];
  const rat = ring.toRat(node);
  const combined = ratioNode(ring, rat);
  let last = node;
  if (!same(combined, last)) {
    stages.push({
      title: 'Combine and expand',
      explanation: 'Put everything over one common denominator, multiply out and cancel common factors.',
      node: combined,
    });
    last = combined;
  }
  const c = cancel(rat);
  const tidy = ratioNode(ring, { n: pythagorean(c.n), d: pythagorean(c.d) });
  if (!same(tidy, last)) {
    stages.push({
      title: 'Pythagorean identity',
      explanation: 'Use sin(x)^2 + cos(x)^2 = 1 (so 1 - cos(x)^2 = sin(x)^2 and 1 - sin(x)^2 = cos(x)^2), then cancel.',
      node: tidy,
    });
  }
  return stages;
};

/** The whole chain on one side; stops as soon as the target tree is reached. */
export const chain = (ring: TrigRing, node: Node, prefer: 'sin' | 'cos' | undefined, target?: Node): Stage[] => {
  const stages: Stage[] = [];
  const reached = (): boolean => !!target && stages.length > 0 && same(stages[stages.length - 1]!.node, target);
  const q1 = quotientStage(node);
  if (q1) stages.push(q1);
  if (reached()) return stages;
  const q2 = angleStage(ring, q1?.node ?? node, prefer);
  if (q2) stages.push(q2);
  if (reached()) return stages;
  for (const s of algebraStages(ring, stages[stages.length - 1]?.node ?? node)) {
    stages.push(s);
    if (reached()) return stages;
  }
  return stages;
};

export const stageSteps = (side: string, stages: Stage[]): Step[] =>
  // The identity used in words; what the side becomes is the step's typeset `latex` (its maths shown once).
  stages.map((s) => step(s.title, `${s.explanation} Here is the ${side} side after it.`, s.node));
