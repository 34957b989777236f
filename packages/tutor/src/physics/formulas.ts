/**
 * The formula library. Each formula is written once as `lhs = rhs` plus a table of its solved forms, one per
 * unknown; rearranging is a table look-up, so it never depends on a CAS and every solved form is checked by
 * substituting the result back into `lhs = rhs` and by a dimensional evaluation.
 */
import type { Problem } from './parse';
import { type Expr, add, cos, div, half, mul, n, neg, pow, sin, asin, sqrt, sub, v } from './expr';

/**
 * What a formula may depend on in the question: the question's flags, as parse.ts's Problem documents them, and the
 * quantities known (given or implied).
 */
export type FormulaContext = Pick<
  Problem,
  'freeFall' | 'light' | 'incline' | 'verticalUp' | 'upPhase' | 'upTime' | 'lift' | 'forceAngle' | 'gravity' | 'hanging'
> & { known: ReadonlySet<string> };

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
  /** Given quantities this formula's situation does not depend on, with the reason a step gives. */
  notNeeded?: Readonly<Record<string, string>>;
}

/** Why the mass of a moving body does not enter its kinematics. */
const MASS_CANCELS = 'without air resistance, the motion does not depend on the mass';

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
const fallingFromRest = (ctx: FormulaContext): boolean => ctx.freeFall && !ctx.known.has('theta') && !ctx.verticalUp;
const projectile = (ctx: FormulaContext): boolean => ctx.known.has('theta') && !ctx.incline && !ctx.forceAngle;
const kinematic = { m: MASS_CANCELS } as const;

export const FORMULAS: readonly Formula[] = [
  {
    id: 'suvat-v',
    notNeeded: kinematic,
    family: 'kinematics',
    title: 'velocity under constant acceleration',
    lhs: vf,
    rhs: add(v0, mul(a, t)),
    solved: { v: add(v0, mul(a, t)), v0: sub(vf, mul(a, t)), a: div(sub(vf, v0), t), t: div(sub(vf, v0), a) },
  },
  {
    id: 'suvat-s',
    notNeeded: kinematic,
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
    notNeeded: kinematic,
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
    notNeeded: kinematic,
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
    notNeeded: kinematic,
    family: 'kinematics',
    title: 'constant velocity',
    lhs: s,
    rhs: mul(vf, t),
    solved: { s: mul(vf, t), v: div(s, t), t: div(s, vf) },
    // Only for motion with no acceleration in sight; never chained into the constant-acceleration formulas.
    applies: (ctx) => !ctx.known.has('a') && !ctx.known.has('v0') && !ctx.light && !ctx.gravity,
    chainable: false,
    note: 'The speed is constant (no acceleration is mentioned), so distance = speed × time.',
  },
  {
    id: 'rise-height',
    notNeeded: kinematic,
    family: 'kinematics',
    title: 'maximum height of a body thrown straight up',
    lhs: h,
    rhs: div(pow(v0, 2), mul(two, g)),
    solved: { h: div(pow(v0, 2), mul(two, g)), v0: sqrt(mul(two, g, h)) },
    applies: (ctx) => ctx.verticalUp && ctx.upPhase === 'top',
    note: 'At the top the speed is 0, and gravity slows the body by g on the way up: from v^2 = v0^2 - 2*g*h with v = 0.',
  },
  {
    id: 'rise-time',
    notNeeded: kinematic,
    family: 'kinematics',
    title: 'time to reach the top of a throw straight up',
    lhs: t,
    rhs: div(v0, g),
    solved: { t: div(v0, g), v0: mul(g, t) },
    applies: (ctx) => ctx.verticalUp && ((ctx.upPhase === 'top' && !ctx.known.has('t')) || ctx.upTime === 'top'),
    note: 'At the top the speed is 0, and gravity slows the body by g each second: from v = v0 - g*t with v = 0.',
  },
  {
    id: 'up-flight-time',
    notNeeded: kinematic,
    family: 'kinematics',
    title: 'time in the air of a body thrown straight up',
    lhs: t,
    rhs: div(mul(two, v0), g),
    solved: { t: div(mul(two, v0), g), v0: div(mul(g, t), two) },
    applies: (ctx) => ctx.verticalUp && ((ctx.upPhase === 'return' && !ctx.known.has('t')) || ctx.upTime === 'return'),
    note: 'Going up and coming back down to the same height take the same time, v0/g each.',
  },
  {
    id: 'incline',
    family: 'forces',
    title: 'acceleration down a frictionless slope',
    lhs: a,
    rhs: mul(g, sin(theta)),
    solved: { a: mul(g, sin(theta)), theta: asin(div(a, g)) },
    applies: (ctx) => ctx.incline && !ctx.known.has('mu') && !ctx.known.has('friction'),
    note: 'With no friction, the only force along the slope is the part of the weight along it, m*g*sin(theta), so a = g*sin(theta).',
    notNeeded: { m: 'the mass cancels: the force along the slope (m*g*sin(theta)) and the inertia both grow with it' },
  },
  {
    id: 'incline-friction',
    family: 'forces',
    title: 'acceleration down a slope with friction',
    lhs: a,
    rhs: mul(g, sub(sin(theta), mul(v('mu'), cos(theta)))),
    solved: { a: mul(g, sub(sin(theta), mul(v('mu'), cos(theta)))) },
    applies: (ctx) => ctx.incline && ctx.known.has('mu'),
    note: 'Along the slope: the weight pulls down with m*g*sin(theta), friction holds back with mu*m*g*cos(theta); the mass cancels.',
    notNeeded: { m: 'the mass cancels: every force along the slope grows with it' },
  },
  {
    id: 'force-component',
    family: 'forces',
    title: 'part of a force along the motion',
    lhs: F,
    rhs: mul(v('F1'), cos(theta)),
    solved: { F: mul(v('F1'), cos(theta)) },
    applies: (ctx) => ctx.forceAngle && !ctx.known.has('mu') && !ctx.known.has('friction'),
    note: 'A force at an angle theta to the horizontal moves the object along the floor only with its horizontal part, F1*cos(theta); with no friction that part is the net force.',
  },
  {
    id: 'work-lift',
    family: 'work',
    title: 'work done lifting against gravity',
    lhs: v('work'),
    rhs: mul(m, g, h),
    solved: { work: mul(m, g, h), m: div(v('work'), mul(g, h)), h: div(v('work'), mul(m, g)) },
    applies: (ctx) => ctx.lift,
    note: 'Lifting at a steady speed takes a force equal to the weight m*g, over the height h.',
  },
  {
    id: 'light-travel',
    family: 'light',
    title: 'distance travelled by light',
    lhs: s,
    rhs: mul(v('c'), t),
    solved: { s: mul(v('c'), t), t: div(s, v('c')) },
    applies: (ctx) => ctx.light,
    note: 'Light travels at the constant speed c.',
  },
  {
    id: 'light-wave',
    family: 'waves',
    title: 'wave equation for light',
    lhs: v('c'),
    rhs: mul(v('f'), v('lambda')),
    solved: { f: div(v('c'), v('lambda')), lambda: div(v('c'), v('f')) },
    applies: (ctx) => ctx.light,
    note: 'Light (any electromagnetic wave) travels at c, so c = f*lambda.',
  },
  {
    id: 'photon-f',
    family: 'photons',
    title: 'energy of a photon',
    lhs: v('Eph'),
    rhs: mul(v('hP'), v('f')),
    solved: { Eph: mul(v('hP'), v('f')), f: div(v('Eph'), v('hP')) },
    applies: (ctx) => ctx.light,
  },
  {
    id: 'photon-lambda',
    family: 'photons',
    title: 'energy of a photon from its wavelength',
    lhs: v('Eph'),
    rhs: div(mul(v('hP'), v('c')), v('lambda')),
    solved: {
      Eph: div(mul(v('hP'), v('c')), v('lambda')),
      lambda: div(mul(v('hP'), v('c')), v('Eph')),
    },
    applies: (ctx) => ctx.light,
    note: 'E = h*f with f = c/lambda.',
  },
  {
    id: 'fall-v',
    notNeeded: kinematic,
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
    notNeeded: kinematic,
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
    notNeeded: kinematic,
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
    notNeeded: kinematic,
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
    notNeeded: kinematic,
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
    notNeeded: kinematic,
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
    note: 'The net force on an object is its mass times its acceleration.',
  },
  {
    id: 'weight',
    family: 'weight',
    title: 'weight',
    lhs: v('weight'),
    rhs: mul(m, g),
    solved: { weight: mul(m, g), m: div(v('weight'), g) },
    note: 'The weight is the pull of gravity: mass times g.',
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
    note: 'Sliding friction is the coefficient of friction times the normal force.',
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
    note: 'A moving mass has kinetic energy one half times mass times speed squared.',
  },
  {
    id: 'kinetic-launch',
    family: 'kinetic-energy',
    title: 'kinetic energy at the launch speed',
    lhs: v('KE'),
    rhs: mul(half, m, pow(v0, 2)),
    solved: { KE: mul(half, m, pow(v0, 2)) },
    // Only the speed it is thrown (launched, moving) at is given: that is the speed of the kinetic energy.
    applies: (ctx) => !['v', 'a', 't', 's', 'h'].some((id) => ctx.known.has(id)),
  },
  {
    id: 'potential',
    family: 'potential-energy',
    title: 'gravitational potential energy',
    lhs: v('PE'),
    rhs: mul(m, g, h),
    solved: { PE: mul(m, g, h), m: div(v('PE'), mul(g, h)), h: div(v('PE'), mul(m, g)) },
    note: 'Raising a mass by h stores energy m*g*h.',
  },
  {
    id: 'power-work',
    family: 'power',
    title: 'power',
    lhs: v('power'),
    rhs: div(v('work'), t),
    solved: { power: div(v('work'), t), work: mul(v('power'), t), t: div(v('work'), v('power')) },
    note: 'Power is the work done (energy transferred) per second.',
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
    // At constant speed only: with an acceleration F*v is the power at one instant, not over the motion.
    applies: (ctx) => !ctx.known.has('a') && !ctx.known.has('v0'),
    chainable: false,
  },
  {
    id: 'momentum',
    family: 'momentum',
    title: 'momentum',
    lhs: v('momentum'),
    rhs: mul(m, vf),
    solved: { momentum: mul(m, vf), m: div(v('momentum'), vf), v: div(v('momentum'), m) },
    note: 'Momentum is mass times velocity.',
  },
  {
    id: 'hooke',
    family: 'springs',
    title: "Hooke's law",
    lhs: F,
    rhs: mul(v('kspring'), v('ext')),
    solved: { F: mul(v('kspring'), v('ext')), kspring: div(F, v('ext')), ext: div(F, v('kspring')) },
    note: "Hooke's law: the force on a spring is its spring constant times its extension (or compression).",
  },
  {
    id: 'spring-hang',
    family: 'springs',
    title: 'a weight hanging from a spring',
    lhs: mul(m, g),
    rhs: mul(v('kspring'), v('ext')),
    solved: {
      ext: div(mul(m, g), v('kspring')),
      kspring: div(mul(m, g), v('ext')),
      m: div(mul(v('kspring'), v('ext')), g),
    },
    applies: (ctx) => ctx.hanging && !ctx.known.has('F') && !ctx.known.has('a'),
    note: 'Hanging at rest, the spring pulls up as hard as the weight pulls down: k*x = m*g.',
  },
  {
    id: 'spring-energy',
    family: 'springs',
    title: 'energy stored in a spring',
    lhs: v('Eel'),
    rhs: mul(half, v('kspring'), pow(v('ext'), 2)),
    solved: {
      Eel: mul(half, v('kspring'), pow(v('ext'), 2)),
      kspring: div(mul(two, v('Eel')), pow(v('ext'), 2)),
      ext: sqrt(div(mul(two, v('Eel')), v('kspring'))),
    },
    note: 'A spring stretched (or compressed) by x stores the energy ½·k·x².',
  },
  {
    id: 'impulse-force',
    family: 'momentum',
    title: 'impulse of a force',
    lhs: v('impulse'),
    rhs: mul(F, t),
    solved: { impulse: mul(F, t), F: div(v('impulse'), t), t: div(v('impulse'), F) },
    note: 'The impulse of a force is the force times the time it acts.',
  },
  {
    id: 'impulse-momentum',
    family: 'momentum',
    title: 'impulse and change in momentum',
    lhs: v('impulse'),
    rhs: mul(m, sub(vf, v0)),
    solved: { impulse: mul(m, sub(vf, v0)) },
    note: 'The impulse equals the change in momentum: mass times (final velocity - initial velocity).',
  },
  {
    id: 'collision-stick',
    family: 'momentum',
    title: 'conservation of momentum (the objects stick together)',
    lhs: vf,
    rhs: div(add(mul(v('m1'), v('u1')), mul(v('m2'), v('u2'))), add(v('m1'), v('m2'))),
    solved: { v: div(add(mul(v('m1'), v('u1')), mul(v('m2'), v('u2'))), add(v('m1'), v('m2'))) },
    applies: (ctx) => ctx.known.has('u1') && ctx.known.has('u2'),
    note: 'The total momentum before the collision equals the momentum after, when they move together: m1*u1 + m2*u2 = (m1 + m2)*v.',
  },
  {
    id: 'recoil',
    family: 'momentum',
    title: 'conservation of momentum (recoil)',
    lhs: vf,
    rhs: div(mul(v('m1'), v('u1')), v('m2')),
    solved: { v: div(mul(v('m1'), v('u1')), v('m2')) },
    applies: (ctx) => ctx.known.has('u1') && !ctx.known.has('u2'),
    note: 'Both start at rest, so the total momentum stays 0: m2*v = m1*u1, the two moving in opposite directions.',
  },
  {
    id: 'density',
    family: 'density',
    title: 'density',
    lhs: v('rho'),
    rhs: div(m, v('volume')),
    solved: { rho: div(m, v('volume')), m: mul(v('rho'), v('volume')), volume: div(m, v('rho')) },
    note: 'Density is mass per unit volume.',
  },
  {
    id: 'pressure',
    family: 'pressure',
    title: 'pressure',
    lhs: v('pressure'),
    rhs: div(F, v('area')),
    solved: { pressure: div(F, v('area')), F: mul(v('pressure'), v('area')), area: div(F, v('pressure')) },
    note: 'Pressure is force per unit area.',
  },
  {
    id: 'pressure-weight',
    family: 'pressure',
    title: 'pressure of a resting weight',
    lhs: v('pressure'),
    rhs: div(v('weight'), v('area')),
    solved: { pressure: div(v('weight'), v('area')), weight: mul(v('pressure'), v('area')) },
    applies: (ctx) => !ctx.known.has('F') && !ctx.known.has('F1'),
    note: 'Standing or resting on the surface, it presses down with its weight.',
  },
  {
    id: 'coulomb',
    family: 'electrostatics',
    title: "Coulomb's law",
    lhs: F,
    rhs: div(mul(v('k'), v('q1'), v('q2')), pow(s, 2)),
    solved: {
      F: div(mul(v('k'), v('q1'), v('q2')), pow(s, 2)),
      s: sqrt(div(mul(v('k'), v('q1'), v('q2')), F)),
    },
    applies: (ctx) => ctx.known.has('q1') && ctx.known.has('q2'),
    note: 'The force between two point charges, with s the distance between them (the size of the force: like charges repel, unlike attract).',
  },
  {
    id: 'gravitation',
    family: 'gravitation',
    title: "Newton's law of gravitation",
    lhs: F,
    rhs: div(mul(v('G'), v('m1'), v('m2')), pow(s, 2)),
    solved: {
      F: div(mul(v('G'), v('m1'), v('m2')), pow(s, 2)),
      s: sqrt(div(mul(v('G'), v('m1'), v('m2')), F)),
    },
    applies: (ctx) => ctx.known.has('m1') && ctx.known.has('m2'),
    note: 'The attraction between two masses, with s the distance between their centres.',
  },
  {
    id: 'charge-current',
    family: 'electric-charge',
    title: 'charge carried by a current',
    lhs: v('q'),
    rhs: mul(v('current'), t),
    solved: { q: mul(v('current'), t), current: div(v('q'), t), t: div(v('q'), v('current')) },
  },
  {
    id: 'electrons',
    family: 'electric-charge',
    title: 'number of electrons in a charge',
    lhs: v('count'),
    rhs: div(v('q'), v('e')),
    solved: { count: div(v('q'), v('e')), q: mul(v('count'), v('e')) },
    note: 'Each electron carries the elementary charge e.',
  },
  {
    id: 'avogadro',
    family: 'amount-of-substance',
    title: "particles from Avogadro's number",
    lhs: v('count'),
    rhs: mul(v('n'), v('NA')),
    solved: { count: mul(v('n'), v('NA')), n: div(v('count'), v('NA')) },
    note: "One mole holds Avogadro's number of particles.",
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
    note: "Ohm's law: the voltage across a resistor is the current times the resistance.",
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
    note: 'A wave moves one wavelength in each period, so its speed is frequency times wavelength.',
  },
  {
    id: 'period',
    family: 'waves',
    title: 'period and frequency',
    lhs: v('f'),
    rhs: div(n(1), v('period')),
    solved: { f: div(n(1), v('period')), period: div(n(1), v('f')) },
    note: 'The period is the time of one cycle, one over the frequency.',
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

/** One force along the line of motion: +1 when it acts in the direction taken as positive, -1 against it. */
export interface ForceTerm {
  id: string;
  sign: 1 | -1;
}

/**
 * The net force along the motion from the forces the question gives: each counted with its sign, so a push minus
 * friction, or two teams pulling opposite ways. Solved for the net force and for each force in it.
 */
export function netForceFormula(terms: readonly ForceTerm[]): Formula {
  const signed = (term: ForceTerm, flip: boolean): { sign: 1 | -1; expr: Expr } => ({
    sign: (flip ? -term.sign : term.sign) as 1 | -1,
    expr: v(term.id),
  });
  const combineTerms = (items: ReadonlyArray<{ sign: 1 | -1; expr: Expr }>): Expr => {
    // Positive terms first, so the sum reads as a student writes it ("F2 - F1", not "-F1 + F2").
    const [first, ...rest] = [...items].sort((x, y) => y.sign - x.sign);
    if (first === undefined) return n(0);
    let out: Expr = first.sign > 0 ? first.expr : neg(first.expr);
    for (const item of rest) out = item.sign > 0 ? add(out, item.expr) : sub(out, item.expr);
    return out;
  };
  const rhs = combineTerms(terms.map((term) => signed(term, false)));
  const solved: Record<string, Expr> = { F: rhs };
  for (const term of terms) {
    // F = ... + s*x + ...  →  x = s*(F - the others), written so that F comes first.
    const others = terms.filter((other) => other !== term);
    const flip = term.sign < 0;
    const head: { sign: 1 | -1; expr: Expr } = { sign: flip ? -1 : 1, expr: F };
    const items = [head, ...others.map((other) => signed(other, !flip))];
    solved[term.id] = combineTerms(items);
  }
  return {
    id: 'net-force',
    family: 'forces',
    title: 'net force along the motion',
    lhs: F,
    rhs,
    solved,
    note: 'Forces along the same line add as vectors: those in the direction of the motion count positive, those against it (friction, a pull the other way) negative.',
    notNeeded: { m: 'the net force is the sum of the forces; the mass matters only for the acceleration' },
  };
}
