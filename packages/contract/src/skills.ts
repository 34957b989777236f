import type { ToolId } from './tools';

/**
 * The skills practice is organised by (issue #16; README, "Practice"): a fixed list, the one source for the engines,
 * the backend and the site. Every kind of problem an engine answers (`TutorAnswer.kind`) belongs to at most one skill
 * (`skillOfKind`); a kind with none (a plain unit conversion, a model's answer) offers no practice.
 *
 * `example` is a question the skill's engine solves and checks, the seed practice grows from before the student has
 * asked one of their own. Plain constants with no schema library, like tools.ts.
 */
export interface Skill {
  id: string;
  /** What the student reads: "Quadratic equations". */
  name: string;
  /** The engine that generates and checks its questions. */
  tool: ToolId;
  /** The engines' answer kinds that exercise it. */
  kinds: readonly string[];
  example: string;
}

export const SKILLS = [
  {
    id: 'arithmetic',
    name: 'Fractions and arithmetic',
    tool: 'math-solver',
    kinds: ['arithmetic', 'fraction-arithmetic'],
    example: '3/4 + 2/3',
  },
  { id: 'percentages', name: 'Percentages', tool: 'math-solver', kinds: ['percentage'], example: 'What is 15% of 80?' },
  {
    id: 'linear-equations',
    name: 'Linear equations',
    tool: 'math-solver',
    kinds: ['linear-equation', 'rational-equation'],
    example: 'Solve 4x + 3 = 2x + 11',
  },
  {
    id: 'inequalities',
    name: 'Inequalities',
    tool: 'math-solver',
    kinds: ['linear-inequality', 'quadratic-inequality'],
    example: 'Solve 3x - 5 > 7',
  },
  {
    id: 'quadratic-equations',
    name: 'Quadratic equations',
    tool: 'math-solver',
    kinds: ['quadratic-equation', 'polynomial-equation'],
    example: 'Solve x^2 - 5x + 6 = 0',
  },
  {
    id: 'systems',
    name: 'Systems of equations',
    tool: 'math-solver',
    kinds: ['linear-system'],
    example: 'Solve x + y = 10 and x - y = 2',
  },
  {
    id: 'factoring',
    name: 'Factoring and expanding',
    tool: 'math-solver',
    kinds: ['factor-polynomial', 'expand-polynomial', 'simplify-rational-expression'],
    example: 'Factor x^2 + 5x + 6',
  },
  {
    id: 'exponents-logarithms',
    name: 'Exponential and log equations',
    tool: 'math-solver',
    kinds: ['exponential-equation', 'logarithmic-equation'],
    example: 'Solve 2^x = 32',
  },
  {
    id: 'derivatives',
    name: 'Derivatives',
    tool: 'math-solver',
    kinds: ['derivative', 'higher-derivative', 'derivative-at-point', 'tangent-line'],
    example: 'Differentiate x^3 + 2x',
  },
  {
    id: 'integrals',
    name: 'Integrals',
    tool: 'math-solver',
    kinds: ['indefinite-integral', 'definite-integral'],
    example: 'Integrate 3x^2 + 2x',
  },
  { id: 'limits', name: 'Limits', tool: 'math-solver', kinds: ['limit'], example: 'lim x->2 (x^2 - 4)/(x - 2)' },
  {
    id: 'trig-equations',
    name: 'Trigonometric equations',
    tool: 'math-solver',
    kinds: ['trigonometric-equation'],
    example: 'Solve 2sin(x) = 1 for 0 <= x < 2pi',
  },
  {
    id: 'trig-identities',
    name: 'Trigonometric identities',
    tool: 'math-solver',
    kinds: ['trig-identity', 'simplify-trig-expression'],
    example: 'Prove sin^2(x) + cos^2(x) = 1',
  },
  {
    id: 'equation-balancing',
    name: 'Balancing equations',
    tool: 'chemistry-solver',
    kinds: ['balance-equation'],
    example: 'Balance Fe + O2 -> Fe2O3',
  },
  {
    id: 'molar-mass',
    name: 'Molar mass',
    tool: 'chemistry-solver',
    kinds: ['molar-mass'],
    example: 'What is the molar mass of H2SO4?',
  },
  {
    id: 'moles',
    name: 'Moles, mass and particles',
    tool: 'chemistry-solver',
    kinds: ['moles', 'amount-of-substance'],
    example: 'How many moles are in 36.0 g of H2O?',
  },
  {
    id: 'stoichiometry',
    name: 'Stoichiometry',
    tool: 'chemistry-solver',
    kinds: ['stoichiometry', 'limiting-reagent', 'percent-yield'],
    example: 'How many grams of H2O are made from 4.00 g of H2 with enough O2?',
  },
  {
    id: 'gas-laws',
    name: 'Gas laws',
    tool: 'chemistry-solver',
    kinds: ['gas-law', 'ideal-gas'],
    example: 'What volume do 2.00 mol of gas occupy at 300 K and 1.00 atm?',
  },
  {
    id: 'solutions',
    name: 'Solutions and molarity',
    tool: 'chemistry-solver',
    kinds: ['molarity'],
    example: 'What is the molarity of 0.500 mol NaCl in 2.00 L of solution?',
  },
  {
    id: 'kinematics',
    name: 'Motion (kinematics)',
    tool: 'physics-solver',
    kinds: ['kinematics', 'free-fall', 'projectile'],
    example: 'A car accelerates from rest at 3.00 m/s^2 for 5.00 s. How far does it go?',
  },
  {
    id: 'forces',
    name: 'Forces and momentum',
    tool: 'physics-solver',
    kinds: ['newtons-second-law', 'forces', 'weight', 'friction', 'springs', 'gravitation', 'momentum'],
    example: 'What force accelerates a 5.00 kg mass at 2.00 m/s^2?',
  },
  {
    id: 'energy',
    name: 'Energy, work and power',
    tool: 'physics-solver',
    kinds: ['kinetic-energy', 'potential-energy', 'work', 'power'],
    example: 'What is the kinetic energy of a 2.00 kg ball moving at 3.00 m/s?',
  },
  {
    id: 'circuits',
    name: 'Circuits and electricity',
    tool: 'physics-solver',
    kinds: ['ohms-law', 'resistors', 'electric-charge', 'electric-power', 'electrostatics'],
    example: 'What current flows through a 10.0 ohm resistor at 5.00 V?',
  },
  {
    id: 'waves-light',
    name: 'Waves and light',
    tool: 'physics-solver',
    kinds: ['waves', 'light', 'photons'],
    example: 'A wave has frequency 50.0 Hz and wavelength 2.00 m. What is its speed?',
  },
  {
    id: 'density-pressure',
    name: 'Density and pressure',
    tool: 'physics-solver',
    kinds: ['density', 'pressure'],
    example: 'What is the density of a 2.00 kg block with volume 0.00100 m^3?',
  },
] as const satisfies readonly Skill[];

/**
 * The answer kinds that offer no practice, on purpose: a simplification or expansion the CAS did for an expression
 * that is not a rational function (`simplify e^(ln(x))`) has no generator of like questions and belongs to no skill
 * above. Every other kind an engine answers has a skill (packages/tutor's skills test checks this).
 */
export const KINDS_WITHOUT_PRACTICE: readonly string[] = ['simplify', 'expand'];

export type SkillId = (typeof SKILLS)[number]['id'];
export const SKILL_IDS = SKILLS.map((skill) => skill.id) as [SkillId, ...SkillId[]];

const BY_KIND = new Map<string, SkillId>(SKILLS.flatMap((skill) => skill.kinds.map((kind) => [kind, skill.id])));
const BY_ID = new Map<string, Skill & { id: SkillId }>(SKILLS.map((skill) => [skill.id, skill]));

/** The skill an answer of this kind exercises, or undefined when it offers no practice. */
export function skillOfKind(kind: string): SkillId | undefined {
  return BY_KIND.get(kind);
}

/** The skill with this id, or undefined for an unknown id (input from the wire). */
export function skillById(id: string): (Skill & { id: SkillId }) | undefined {
  return BY_ID.get(id);
}
