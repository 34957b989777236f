/**
 * The five study tools. Their ids are used everywhere a tool is named: app URLs (/app/{id}), API calls and data.
 */

import { TOOL_IDS, type ToolId } from '@studyease/contract/tools';

export { TOOL_IDS, type ToolId };

export interface Tool {
  id: ToolId;
  /** Short name for navigation. */
  name: string;
  /** Landing page path. */
  landingPath: string;
  /** One sentence for cards and meta descriptions. */
  summary: string;
  /** Icon name from components/icons. */
  icon: 'languages' | 'calculator' | 'atom' | 'flask' | 'book';
  /** Whether the header shows a link to it (the spec's header lists the four solvers). */
  inHeader: boolean;
  /**
   * Whether its answers come with a hint ladder: the offline engines' do (math, physics, chemistry); a model's
   * answer streams as it is. The app offers "Hints first" only where this is true.
   */
  hints: boolean;
  /** Landing page heading. */
  headline: string;
  /** What students bring to it, listed on the landing page. */
  topics: readonly string[];
  /** Questions a new chat offers to click (the offline engines answer and check the solvers' ones). */
  examples: readonly string[];
}

export const TOOLS: readonly Tool[] = [
  {
    id: 'math-solver',
    name: 'Math Solver',
    landingPath: '/ai-math-solver',
    summary: 'Equations, fractions, algebra and calculus, solved step by step with the answer checked.',
    icon: 'calculator',
    inHeader: true,
    hints: true,
    headline: 'AI Math Solver with step-by-step solutions',
    topics: [
      'Arithmetic, percentages and fractions',
      'Linear and quadratic equations, systems of equations',
      'Factoring, expanding and simplifying expressions',
      'Exponential and logarithmic equations',
      'Derivatives, integrals and limits',
      'Inequalities with interval answers',
    ],
    examples: ['x^2 - 5x + 6 = 0', 'solve 3(x-1) = 2x + 4', 'integrate x^2', 'limit (x^2-4)/(x-2) as x->2'],
  },
  {
    id: 'physics-solver',
    name: 'Physics Solver',
    landingPath: '/ai-physics-solver',
    summary: 'Motion, forces, energy and circuits: the right formula, the units worked through, the result checked.',
    icon: 'atom',
    inHeader: true,
    hints: true,
    headline: 'AI Physics Solver that keeps the units right',
    topics: [
      'Kinematics: constant acceleration, free fall, projectiles',
      "Forces: Newton's second law, weight, friction",
      'Work, energy, power and momentum',
      'Density and pressure',
      "Circuits: Ohm's law, series and parallel resistors",
      'Waves and the ideal gas law',
    ],
    examples: [
      'A car accelerates from 0 to 27 m/s in 9 s, how far does it go?',
      'A ball is dropped from a height of 20.0 m. How long does it take to reach the ground?',
      'a 1.5 kΩ resistor carries 20 mA, find the voltage',
    ],
  },
  {
    id: 'chemistry-solver',
    name: 'Chemistry Solver',
    landingPath: '/ai-chemistry-solver',
    summary: 'Balance equations, find molar masses and work through stoichiometry with significant figures.',
    icon: 'flask',
    inHeader: true,
    hints: true,
    headline: 'AI Chemistry Solver for equations and stoichiometry',
    topics: [
      'Balancing equations, including hydrates and complex ions',
      'Molar mass from standard atomic weights',
      'Mass, moles and particles',
      'Limiting reagent and theoretical yield',
      'Significant figures and units throughout',
    ],
    examples: [
      'Fe + O2 -> Fe2O3',
      'molar mass of C6H12O6',
      'For 2 H2 + O2 -> 2 H2O, how many moles of O2 are needed to react with 3.0 mol of H2?',
    ],
  },
  {
    id: 'homework-helper',
    name: 'Homework Helper',
    landingPath: '/ai-homework-helper',
    summary: 'Any subject: explanations you can follow, hints before answers, and practice questions to try.',
    icon: 'book',
    inHeader: true,
    hints: false,
    headline: 'AI Homework Helper for every subject',
    topics: [
      'Explanations of a topic in plain words',
      'Reading and writing assignments: structure and feedback',
      'History, biology, geography and more',
      'Hints first, so you can try before you see the answer',
      'Practice questions to check you understood',
    ],
    examples: [
      'Explain photosynthesis in simple words',
      'What caused the First World War?',
      'How do I structure a persuasive essay?',
    ],
  },
  {
    id: 'translator',
    name: 'Translator',
    landingPath: '/ai-translator',
    summary: 'Translate texts and exercises between languages while keeping formulas and numbers intact.',
    icon: 'languages',
    inHeader: false,
    hints: false,
    headline: 'AI Translator for schoolwork',
    topics: [
      'Texts and exercises between common languages',
      'Formulas, numbers and units kept exactly as written',
      'Vocabulary explained in context',
      'Grammar notes when you want them',
    ],
    examples: [
      'The area of a circle is A = πr², so a circle with r = 3 cm has an area of about 28.3 cm².',
      'Water boils at 100 °C at sea level.',
    ],
  },
];

/**
 * Narrows a URL segment to a tool id.
 * @param value a path segment such as `math-solver`
 * @returns the tool id, or `undefined` when no tool has that id
 */
export function toToolId(value: string | undefined): ToolId | undefined {
  return TOOL_IDS.find((id) => id === value);
}

/** @returns the tool with that id */
export function getTool(id: ToolId): Tool {
  const tool = TOOLS.find((candidate) => candidate.id === id);
  if (!tool) throw new Error(`Unknown tool id: ${id}`);
  return tool;
}
