import { type MathFieldMode, type MathQuestion, mathQuestion } from './mathField';
import { mathFieldToInput } from './mathFieldToInput';
import { findPlainMath } from './plainMath';

// Imported on use (an answer's Edit in a math tool), like the reader it calls: not part of the app's first load.
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
  const remembered = mathQuestion(question);
  if (remembered) return remembered;
  const text = question.trim();
  const runs = findPlainMath(text);
  const run = runs[0];
  if (runs.length !== 1 || !run || run.start !== 0 || run.end !== text.length) return undefined;
  const reading = mathFieldToInput(run.tex, mode);
  return reading.ok && squeeze(reading.text) === squeeze(text) ? { words: '', latex: run.tex } : undefined;
}
