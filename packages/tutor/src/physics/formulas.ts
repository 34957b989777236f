/**
 * The formula library. Each formula is written once as `lhs = rhs` plus a table of its solved forms, one per
 * unknown; rearranging is a table look-up, so it never depends on a CAS and every solved form is checked by
 * substituting the result back into `lhs = rhs` and by a dimensional evaluation.
 */
import { type Expr, add, div, half, mul, n, pow, sin, asin, sqrt, sub, v } from './expr';

export interface FormulaContext {
  /** The question describes something dropped or falling from rest. */
  freeFall: boolean;
  /** Quantities known (given or implied). */
  known: ReadonlySet<string>;
}

export interface Formula {
  id: string;
  /** The problem kind reported in the answer, e.g. `kinematics`. */
  family: string;
  /** What the formula is called, for steps and hints. */
  title: string;
  lhs: Expr;
  rhs: Expr;
  solved: Readonly<Record<string, Expr>>;
  /** Why the formula applies here (a condition the student should notice), shown in the steps. */
  note?: string;
  applies?: (ctx: FormulaContext) => boolean;
  /** False when the formula's assumptions contradict the others' (constant velocity vs acceleration). */
  chainable?: boolean;
}

const t = v('t'),
  s = v('s'),
  h = v('h'),
  v0 = v('v0'),
  vf = v('v'),
  a = v('a'),
  g = v('g'),
  m = v('m');
const F = v('F'),
  theta = v('theta'),
  two = n(2);
const Rgas = v('Rgas');

/** Free-fall formulas assume a start from rest and no launch angle. */
const fallingFromRest = (ctx: FormulaContext): boolean => ctx.freeFall && !ctx.known.has('theta');
const projectile = (ctx: FormulaContext): boolean => ctx.known.has('theta');

export const FORMULAS: readonly Formula[] = [
  {
    id: 'suvat-v',
    family: 'kinematics',
    title: 'velocity under constant acceleration',
    lhs: vf,
    rhs: add(v0, mul(a, t)),
    solved: { v: add(v0, mul(a, t)), v0: sub(vf, mul(a, t)), a: div(sub(vf, v0), t), t: div(sub(vf, v0), a) },
  },
  {
    id: 'suvat-s',
    family: 'kinematics',
    title: 'displacement under constant acceleration',
    lhs: s,
    rhs: add(mul(v0, t), mul(half, a, pow(t, 2))),
    solved: {
      s: add(mul(v0, t), mul(half, a, pow(t, 2))),
      v0: div(sub(s, mul(half, a, pow(t, 2))), t),
      a: div(mul(two, sub(s, mul(v0, t))), pow(t, 2)),
      // The root with +sqrt is the first time the object reaches s (also when it is slowing down).
      t: div(sub(sqrt(add(pow(v0, 2), mul(two, a, s))), v0), a),
    },
  },
  {
    id: 'suvat-v2',
    family: 'kinematics',
    title: 'velocity and displacement under constant acceleration',
    lhs: pow(vf, 2),
    rhs: add(pow(v0, 2), mul(two, a, s)),
    solved: {
      v: sqrt(add(pow(v0, 2), mul(two, a, s))),
      v0: sqrt(sub(pow(vf, 2), mul(two, a, s))),
      a: div(sub(pow(vf, 2), pow(v0, 2)), mul(two, s)),
      s: div(sub(pow(vf, 2), pow(v0, 2)), mul(two, a)),
    },
  },
  {
    id: 'suvat-avg',
    family: 'kinematics',
    title: 'displacement from the average velocity',
    lhs: s,
    rhs: mul(div(add(v0, vf), two), t),
    solved: {
      s: mul(div(add(v0, vf), two), t),
      t: div(mul(two, s), add(v0, vf)),
      v: sub(div(mul(two, s), t), v0),
      v0: sub(div(mul(two, s), t), vf),
    },
  },
  {
    id: 'uniform',
    family: 'kinematics',
    title: 'constant velocity',
    lhs: s,
    rhs: mul(vf, t),
    solved: { s: mul(vf, t), v: div(s, t), t: div(s, vf) },
    // Only for motion with no acceleration in sight; never chained into the constant-acceleration formulas.
    applies: (ctx) => !ctx.known.has('a') && !ctx.known.has('v0'),
    chainable: false,
    note: 'The speed is constant (no acceleration is mentioned), so distance = speed × time.',
  },
  {
    id: 'fall-v',
    family: 'free-fall',
    title: 'free fall from rest: velocity',
    lhs: vf,
    rhs: mul(g, t),
    solved: { v: mul(g, t), t: div(vf, g) },
    applies: fallingFromRest,
    note: 'The object starts from rest and falls with acceleration g.',
  },
  {
    id: 'fall-h',
    family: 'free-fall',
    title: 'free fall from rest: distance fallen',
    lhs: h,
    rhs: mul(half, g, pow(t, 2)),
    solved: { h: mul(half, g, pow(t, 2)), t: sqrt(div(mul(two, h), g)) },
    applies: fallingFromRest,
    note: 'The object starts from rest and falls with acceleration g.',
  },
  {
    id: 'fall-v2',
    family: 'free-fall',
    title: 'free fall from rest: speed after falling h',
    lhs: pow(vf, 2),
    rhs: mul(two, g, h),
    solved: { v: sqrt(mul(two, g, h)), h: div(pow(vf, 2), mul(two, g)) },
    applies: fallingFromRest,
    note: 'The object starts from rest and falls with acceleration g.',
  },
  {
    id: 'proj-range',
    family: 'projectile',
    title: 'range of a projectile on level ground',
    lhs: v('range'),
    rhs: div(mul(pow(v0, 2), sin(mul(two, theta))), g),
    // No solved form for theta: two launch angles (θ and 90° − θ) give the same range.
    solved: {
      range: div(mul(pow(v0, 2), sin(mul(two, theta))), g),
      v0: sqrt(div(mul(v('range'), g), sin(mul(two, theta)))),
    },
    applies: projectile,
    note: 'Level ground and no air resistance: launched and landing at the same height.',
  },
  {
    id: 'proj-height',
    family: 'projectile',
    title: 'maximum height of a projectile',
    lhs: h,
    rhs: div(mul(pow(v0, 2), pow(sin(theta), 2)), mul(two, g)),
    solved: {
      h: div(mul(pow(v0, 2), pow(sin(theta), 2)), mul(two, g)),
      v0: div(sqrt(mul(two, g, h)), sin(theta)),
      theta: asin(div(sqrt(mul(two, g, h)), v0)),
    },
    applies: projectile,
    note: 'At the top the vertical velocity is zero; no air resistance.',
  },
  {
    id: 'proj-time',
    family: 'projectile',
    title: 'time of flight of a projectile on level ground',
    lhs: t,
    rhs: div(mul(two, v0, sin(theta)), g),
    solved: {
      t: div(mul(two, v0, sin(theta)), g),
      v0: div(mul(g, t), mul(two, sin(theta))),
      theta: asin(div(mul(g, t), mul(two, v0))),
    },
    applies: projectile,
    note: 'Level ground and no air resistance: launched and landing at the same height.',
  },
  {
    id: 'newton2',
    family: 'newtons-second-law',
    title: "Newton's second law",
    lhs: F,
    rhs: mul(m, a),
    solved: { F: mul(m, a), m: div(F, a), a: div(F, m) },
  },
  {
    id: 'weight',
    family: 'weight',
    title: 'weight',
    lhs: v('weight'),
    rhs: mul(m, g),
    solved: { weight: mul(m, g), m: div(v('weight'), g) },
  },
  {
    id: 'normal-level',
    family: 'friction',
    title: 'normal force on a level surface',
    lhs: v('normal'),
    rhs: mul(m, g),
    solved: { normal: mul(m, g), m: div(v('normal'), g) },
    note: 'On a level surface with no other vertical force, the normal force balances the weight.',
  },
  {
    id: 'friction',
    family: 'friction',
    title: 'friction force',
    lhs: v('friction'),
    rhs: mul(v('mu'), v('normal')),
    solved: {
      friction: mul(v('mu'), v('normal')),
      mu: div(v('friction'), v('normal')),
      normal: div(v('friction'), v('mu')),
    },
  },
  {
    id: 'work',
    family: 'work',
    title: 'work done by a constant force',
    lhs: v('work'),
    rhs: mul(F, s),
    solved: { work: mul(F, s), F: div(v('work'), s), s: div(v('work'), F) },
    note: 'The force acts along the direction of motion.',
  },
  {
    id: 'kinetic',
    family: 'kinetic-energy',
    title: 'kinetic energy',
    lhs: v('KE'),
    rhs: mul(half, m, pow(vf, 2)),
    solved: { KE: mul(half, m, pow(vf, 2)), m: div(mul(two, v('KE')), pow(vf, 2)), v: sqrt(div(mul(two, v('KE')), m)) },
  },
  {
    id: 'potential',
    family: 'potential-energy',
    title: 'gravitational potential energy',
    lhs: v('PE'),
    rhs: mul(m, g, h),
    solved: { PE: mul(m, g, h), m: div(v('PE'), mul(g, h)), h: div(v('PE'), mul(m, g)) },
  },
  {
    id: 'power-work',
    family: 'power',
    title: 'power',
    lhs: v('power'),
    rhs: div(v('work'), t),
    solved: { power: div(v('work'), t), work: mul(v('power'), t), t: div(v('work'), v('power')) },
  },
  {
    id: 'power-energy',
    family: 'power',
    title: 'power',
    lhs: v('power'),
    rhs: div(v('KE'), t),
    solved: { power: div(v('KE'), t) },
    note: 'All the kinetic energy is delivered in the time t.',
  },
  {
    id: 'power-force',
    family: 'power',
    title: 'power at constant speed',
    lhs: v('power'),
    rhs: mul(F, vf),
    solved: { power: mul(F, vf), F: div(v('power'), vf), v: div(v('power'), F) },
  },
  {
    id: 'momentum',
    family: 'momentum',
    title: 'momentum',
    lhs: v('momentum'),
    rhs: mul(m, vf),
    solved: { momentum: mul(m, vf), m: div(v('momentum'), vf), v: div(v('momentum'), m) },
  },
  {
    id: 'density',
    family: 'density',
    title: 'density',
    lhs: v('rho'),
    rhs: div(m, v('volume')),
    solved: { rho: div(m, v('volume')), m: mul(v('rho'), v('volume')), volume: div(m, v('rho')) },
  },
  {
    id: 'pressure',
    family: 'pressure',
    title: 'pressure',
    lhs: v('pressure'),
    rhs: div(F, v('area')),
    solved: { pressure: div(F, v('area')), F: mul(v('pressure'), v('area')), area: div(F, v('pressure')) },
  },
  {
    id: 'ohm',
    family: 'ohms-law',
    title: "Ohm's law",
    lhs: v('voltage'),
    rhs: mul(v('current'), v('R')),
    solved: {
      voltage: mul(v('current'), v('R')),
      current: div(v('voltage'), v('R')),
      R: div(v('voltage'), v('current')),
    },
  },
  {
    id: 'power-vi',
    family: 'electric-power',
    title: 'electric power',
    lhs: v('power'),
    rhs: mul(v('voltage'), v('current')),
    solved: {
      power: mul(v('voltage'), v('current')),
      voltage: div(v('power'), v('current')),
      current: div(v('power'), v('voltage')),
    },
  },
  {
    id: 'power-i2r',
    family: 'electric-power',
    title: 'electric power',
    lhs: v('power'),
    rhs: mul(pow(v('current'), 2), v('R')),
    solved: {
      power: mul(pow(v('current'), 2), v('R')),
      current: sqrt(div(v('power'), v('R'))),
      R: div(v('power'), pow(v('current'), 2)),
    },
  },
  {
    id: 'power-v2r',
    family: 'electric-power',
    title: 'electric power',
    lhs: v('power'),
    rhs: div(pow(v('voltage'), 2), v('R')),
    solved: {
      power: div(pow(v('voltage'), 2), v('R')),
      voltage: sqrt(mul(v('power'), v('R'))),
      R: div(pow(v('voltage'), 2), v('power')),
    },
  },
  {
    id: 'wave',
    family: 'waves',
    title: 'wave equation',
    lhs: vf,
    rhs: mul(v('f'), v('lambda')),
    solved: { v: mul(v('f'), v('lambda')), f: div(vf, v('lambda')), lambda: div(vf, v('f')) },
  },
  {
    id: 'period',
    family: 'waves',
    title: 'period and frequency',
    lhs: v('f'),
    rhs: div(n(1), v('period')),
    solved: { f: div(n(1), v('period')), period: div(n(1), v('f')) },
  },
  {
    id: 'ideal-gas',
    family: 'ideal-gas',
    title: 'ideal gas law',
    lhs: mul(v('pressure'), v('volume')),
    rhs: mul(v('n'), Rgas, v('T')),
    solved: {
      pressure: div(mul(v('n'), Rgas, v('T')), v('volume')),
      volume: div(mul(v('n'), Rgas, v('T')), v('pressure')),
      n: div(mul(v('pressure'), v('volume')), mul(Rgas, v('T'))),
      T: div(mul(v('pressure'), v('volume')), mul(v('n'), Rgas)),
    },
    note: 'Temperatures must be absolute (kelvin): T(K) = T(°C) + 273.15. R = 8.314 J/(mol·K).',
  },
];

/** Series or parallel combination of the resistors R1..Rk the question gives. */
export function resistorFormula(count: number, parallel: boolean): Formula {
  const items = Array.from({ length: count }, (_, i) => v(`R${i + 1}`));
  const rhs: Expr = parallel ? { k: 'recipsum', items } : { k: 'sum', items };
  return {
    id: parallel ? 'resistors-parallel' : 'resistors-series',
    family: 'resistors',
    title: parallel ? 'resistors in parallel' : 'resistors in series',
    lhs: v('R'),
    rhs,
    solved: { R: rhs },
    note: parallel ? 'In parallel the reciprocals add: 1/R = 1/R1 + 1/R2 + ...' : 'In series the resistances add.',
  };
}
