import { mathFieldToInput, type MathFieldMode } from './mathFieldToInput';
import { findPlainMath } from './plainMath';

/*
 * A question asked with the math keyboard, kept as the student wrote it (their words and the field's LaTeX), so the
 * question bubble can show it typeset exactly as typed and an answer's Edit can open it in the field again. Kept in
 * memory for this tab only: after a reload a question is text again, and Edit falls back to reading that text.
 */

export interface MathQuestion {
  /** The words typed in the text box beside the maths, possibly empty. */
  words: string;
  /** The math field's LaTeX. */
  latex: string;
}

/** The most questions remembered: a long session must not grow this without bound. */
const LIMIT = 100;
const asked = new Map<string, MathQuestion>();

/**
 * Remembers a question sent from the math field.
 * @param question the text sent to the tutor (words and the field's reading)
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

const squeeze = (text: string) => text.replace(/\s+/g, '');

/**
 * What an answer's Edit opens in the math field: the question as the student wrote it there, or a question typed as
 * text that is maths and nothing else ("x^2 - 5x + 6 = 0", "H2 + O2 -> H2O"), as TeX. That TeX is used only when
 * the field would send back exactly the same question; anything else (words around the maths, a reading we cannot
 * make exact) stays text for the text box.
 * @param question the question text the answer read
 * @param mode how the tool reads the field
 * @returns the field's content, or undefined to edit the question as text
 */
export function mathFieldEdit(question: string, mode: MathFieldMode): MathQuestion | undefined {
  const remembered = asked.get(question);
  if (remembered) return remembered;
  const text = question.trim();
  const runs = findPlainMath(text);
  const run = runs[0];
  if (runs.length !== 1 || !run || run.start !== 0 || run.end !== text.length) return undefined;
  const reading = mathFieldToInput(run.tex, mode);
  return reading.ok && squeeze(reading.text) === squeeze(text) ? { words: '', latex: run.tex } : undefined;
}
