import type { Check, SolveOptions, ToolId, TutorAnswer } from '@studyease/contract';
import { isVerified } from '@studyease/contract';
import { arithmeticChecks } from '@studyease/tutor';
import type { ChatMessage } from './chatCompletions';

const SYSTEM: Record<'translator' | 'default', string> = {
  translator:
    'You are a translator for students. Translate the text faithfully. Keep every formula, number, unit and ' +
    'symbol exactly as written. Answer with the translation only.',
  default:
    'You are a patient tutor for school students. Explain step by step in plain words, then give the final ' +
    'answer on its own last line starting with "Answer:". Say so when you are not sure.',
};

/** The messages sent to the model for a question. */
export function promptFor(tool: ToolId, question: string, options?: SolveOptions): ChatMessage[] {
  if (tool === 'translator') {
    const from = options?.['from'] ?? 'the source language';
    const to = options?.['to'] ?? 'English';
    return [
      { role: 'system', content: SYSTEM.translator },
      { role: 'user', content: `Translate from ${from} to ${to}:\n\n${question}` },
    ];
  }
  return [
    { role: 'system', content: SYSTEM.default },
    { role: 'user', content: question },
  ];
}

const NUMBER = /\d+(?:[.,]\d+)?/g;

/**
 * The translator's check: every number of the source appears in the translation (decimal commas and points
 * count as the same number). It can fail, and then the answer is flagged, not hidden.
 */
export function numbersKept(source: string, translation: string): Check {
  const normalise = (value: string) => value.replace(',', '.');
  const target = new Set((translation.match(NUMBER) ?? []).map(normalise));
  const missing = (source.match(NUMBER) ?? []).map(normalise).filter((value) => !target.has(value));
  return missing.length === 0
    ? { kind: 'numbers-kept', passed: true, detail: 'Every number of the text appears in the translation.' }
    : { kind: 'numbers-kept', passed: false, detail: `Missing from the translation: ${missing.join(', ')}` };
}

/** Splits a tutor's text into the explanation and the final "Answer:" line, when there is one. */
/** @returns the final answer a model wrote (its "Answer:" line, else the whole text), as modelAnswer reads it */
export function modelFinalAnswer(text: string): string {
  return finalAnswer(text).answer;
}

function finalAnswer(text: string): { explanation: string; answer: string } {
  // Spaces before `Answer:` on its own line only: `^\s*` ran on from each line over the blank lines after it.
  const match = /^[^\S\n\r\u2028\u2029]*answer:\s*(.+)$/im.exec(text);
  if (!match?.[1]) return { explanation: text.trim(), answer: text.trim() };
  return { explanation: text.slice(0, match.index).trim(), answer: match[1].trim() };
}

/**
 * Builds the contract from a model's full text. Unchecked model answers are never marked verified; where an engine
 * can check the final answer independently (`engineCheck`, e.g. roots substituted back), that check decides. Every
 * calculation the working shows ("6 × 7 = 42") is recomputed: a wrong one is a failed check naming it, and right ones
 * alone never make the answer verified (the badge then says "Arithmetic checked", see checkLevelOf).
 */
export function modelAnswer(
  tool: ToolId,
  question: string,
  text: string,
  engineCheck: (answer: string) => Check | null = () => null,
): TutorAnswer {
  const { explanation, answer } = tool === 'translator' ? { explanation: '', answer: text.trim() } : finalAnswer(text);
  const engineVerdict = tool === 'translator' ? null : engineCheck(answer);
  // The recomputation is a linear scan of a bounded text (packages/tutor's arithmetic-check.ts): safe on this thread.
  const checks: Check[] =
    tool === 'translator'
      ? [numbersKept(question, text)]
      : [...(engineVerdict ? [engineVerdict] : []), ...arithmeticChecks(text)];
  return {
    tool,
    kind: tool === 'translator' ? 'translation' : 'explanation',
    question: { text: question, latex: '' },
    status: 'solved',
    answer: { text: answer, latex: '' },
    steps: explanation ? [{ title: 'Explanation', explanation }] : [],
    checks,
    // A kept-numbers check flags a damaged translation but cannot prove a right one, and an explanation has no
    // engine check here: model answers are "not checked" unless an engine verified them.
    verified: tool === 'translator' ? false : isVerified(checks),
    hints: [],
    practice: [],
    source: 'model',
  };
}
