import type { ToolId } from './tools';

/*
 * What the composer needs of the math keyboard before it is opened, kept apart from the keyboard and its reader
 * (MathLive, src/lib/mathFieldToInput.ts), which load only when used: which tools offer it, and the questions asked
 * with it in this tab.
 */

/** The tools whose composer offers the math keyboard, and how their engine reads formulas. */
export const MATH_FIELD_MODES = {
  'math-solver': 'math',
  'physics-solver': 'math',
  'chemistry-solver': 'chemistry',
} as const satisfies Partial<Record<ToolId, string>>;

/** `math`: algebra and calculus (the math and physics engines); `chemistry`: formulas, charges and reactions. */
export type MathFieldMode = (typeof MATH_FIELD_MODES)[keyof typeof MATH_FIELD_MODES];

/** @returns how a tool's math field is read, or undefined when its composer has no math keyboard */
export function mathFieldMode(tool: ToolId): MathFieldMode | undefined {
  return (MATH_FIELD_MODES as Partial<Record<ToolId, MathFieldMode>>)[tool];
}

export interface MathQuestion {
  /** The words typed in the text box beside the maths, possibly empty. */
  words: string;
  /** The math field's LaTeX. */
  latex: string;
}

/**
 * Questions asked with the math keyboard, kept as the student wrote them (their words and the field's LaTeX), so
 * the question bubble shows the maths exactly as typed and an answer's Edit opens it in the field again. In memory
 * for this tab only: after a reload a question is text again. At most LIMIT, the oldest dropped first.
 */
const LIMIT = 100;
const asked = new Map<string, MathQuestion>();

/**
 * Remembers a question sent from the math field.
 * @param question the text sent to the tutor (the words and the field's reading)
 * @param parts what the student wrote: the words and the LaTeX
 */
export function rememberMathQuestion(question: string, parts: MathQuestion): void {
  asked.delete(question);
  asked.set(question, parts);
  if (asked.size > LIMIT) asked.delete(asked.keys().next().value ?? '');
}

/** @returns the words and LaTeX of a question sent from the math field in this tab, or undefined */
export function mathQuestion(question: string): MathQuestion | undefined {
  return asked.get(question);
}
