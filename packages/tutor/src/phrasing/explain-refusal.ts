import type { ToolId } from '@studyease/contract';
import { trimTrailing } from '../trim-trailing';
import { otherToolFor } from './other-tool';
import { rephrase } from './rephrase';

/**
 * What the Math Solver says when it cannot answer, in the student's language: never a parser message. It says what
 * was understood and what was not, offers a rewrite built from the student's own input ("Did you mean:
 * 2(x+3) = 5x - 6?") when that rewrite can be solved, and offers another tool when the question is for it.
 */

export interface Explained {
  reason: string;
  suggestion?: { text: string; tool?: ToolId };
}

const TOOL_NAMES: Partial<Record<ToolId, string>> = {
  'chemistry-solver': 'Chemistry Solver',
  'physics-solver': 'Physics Solver',
};

// Names the engine reads as maths; any other run of two or more letters is a word it cannot read.
const MATH_NAMES = new Set([
  'sin',
  'cos',
  'tan',
  'sec',
  'csc',
  'cot',
  'arcsin',
  'arccos',
  'arctan',
  'asin',
  'acos',
  'atan',
  'sinh',
  'cosh',
  'tanh',
  'sqrt',
  'cbrt',
  'log',
  'ln',
  'exp',
  'abs',
  'pi',
  'inf',
  'infinity',
  'lim',
  'dx',
  'dy',
  'dt',
]);
// One function name, maybe followed by a digit base (log10, log2).
const isMathName = (word: string): boolean => MATH_NAMES.has(trimTrailing(word.toLowerCase(), /\d/));

/** Characters the engine does not read in maths (a user-perceived character may be several: `u` flag). */
const UNREADABLE = /[^\w\s+\-*/^()=<>.,[\]!|%'{}\\]/gu;
const readable = (text: string): string => text.replace(UNREADABLE, '');

/** A token of the question: a word the engine does not read, or a piece of maths. */
const isWord = (token: string): boolean => {
  const letters = /^[A-Za-z]{2,}[.,:;?!]?$/.exec(token);
  return letters !== null && !isMathName(token.replace(/[.,:;?!]$/, ''));
};

/** Maths has a digit, an operator or a single letter in it; a lone punctuation mark is not maths. */
const isMaths = (token: string): boolean => /[\d=+\-*/^()]/.test(token) || /^[a-z]$/i.test(token);

/**
 * The longest run of tokens that are not words, with the characters the engine cannot read taken out and the ends
 * cleaned of punctuation: the student's maths as they wrote it.
 */
const mathsIn = (text: string): string => {
  const runs: string[][] = [[]];
  for (const token of text.split(' ')) {
    if (isWord(token)) runs.push([]);
    else runs[runs.length - 1]?.push(token);
  }
  const best = runs
    // Linking words at the ends ("to 3x + 5 = 20", "3x + 5 = 20 for") are not maths on their own.
    .map((run) => {
      // A function name ("cos x = 0") is maths, never a linking word.
      const linking = (token: string): boolean => /^[A-Za-z]{2,}$/.test(token) && !isMathName(token);
      let [start, end] = [0, run.length];
      while (start < end && linking(run[start] ?? '')) start++;
      // "a 15% tip": an article before a number is a word, not the unknown a.
      if (/^(?:a|I)$/.test(run[start] ?? '') && /^\d/.test(run[start + 1] ?? '')) start++;
      while (end > start && linking(run[end - 1] ?? '')) end--;
      return run.slice(start, end).join(' ');
    })
    // Punctuation at the ends goes; an operator stays ("2x + 3 =" is unfinished, not "2x + 3").
    .map((run) => trimTrailing(readable(run).replace(/ {2,}/g, ' '), /[\s.,;:!?]/).replace(/^[\s.,;:!?]+/, ''))
    .filter((run) => run.split(' ').some(isMaths))
    .sort((a, b) => b.length - a.length)[0];
  return best ?? '';
};

/** A question the phrasing layer wrote in the engine's own phrasing, whose instruction words the engine reads. */
const ENGINE_PHRASING =
  /^(?:(?:second )?derivative of \S.* with respect to [a-z]|integral of \S.*|limit of \S.* as [a-z] -> \S+|solve for [a-z]: \S.*)$/i;
const ENGINE_WORDS = new Set([
  'limit',
  'integral',
  'derivative',
  'second',
  'of',
  'as',
  'from',
  'to',
  'with',
  'respect',
  'at',
  'solve',
  'for',
]);

/** Words that change what is asked: dropping one would answer another question. */
const MEANINGFUL = new Set([
  'derivative',
  'differentiate',
  'integral',
  'integrate',
  'limit',
  'factorial',
  'percent',
  'percentage',
  'root',
  'roots',
  'squared',
  'cubed',
  'power',
  'times',
  'divided',
  'plus',
  'minus',
  'at',
  'when',
  'if',
  'where',
  'than',
  'greater',
  'less',
  'more',
  'not',
  // The unit of the answer or a condition on it: "sin(x) = 1/2 in degrees" is not "sin(x) = 1/2".
  'degrees',
  'degree',
  'radians',
  'positive',
  'negative',
  'real',
  'over',
]);

/** The numbers of a text, sorted, as text. */
const numbersIn = (text: string): string[] => (text.match(/\d+(?:\.\d+)?/g) ?? []).sort();
const sameMultiset = (a: string[], b: string[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/** The function names of a text (sin, log10, sqrt), sorted. */
const functionsIn = (text: string): string[] =>
  (text.match(/[A-Za-z]+\d*/g) ?? [])
    .filter(isMathName)
    .map((name) => name.toLowerCase())
    .sort();

/** The characters of the question the engine cannot read, each once, in order. */
const unreadableIn = (text: string): string[] => [...new Set(text.match(UNREADABLE) ?? [])];

/** "“what” and “is”" / "“the answer to … is what”": the words left over, as the student wrote them. */
const quoteWords = (words: string[]): string => {
  const shown = words.slice(0, 6).map((w) => `“${w}”`);
  return words.length > 6 ? `${shown.join(', ')} …` : shown.join(', ');
};

/**
 * @param question - the question as the student typed it
 * @param engineReason - the engine's reason for not answering (already plain words, parse.ts)
 * @param solves - whether the engine answers a text, and checks its answer: a rewrite is offered only then
 * @returns the reason in the student's language, and a suggestion when there is one
 */
export function explainRefusal(question: string, engineReason: string, solves: (text: string) => boolean): Explained {
  const other = otherToolFor(question);
  if (other) {
    const name = TOOL_NAMES[other.tool] ?? other.tool;
    return {
      reason: `This looks like ${other.looksLike}, not a maths question: ask the ${name}, which can solve it.`,
      suggestion: { text: question, tool: other.tool },
    };
  }
  const rephrased = rephrase(question);
  const read = rephrased.text;
  // A condition on the roots (positive, real) is not in the text: a rewrite without it would ask another question.
  const conditioned = rephrased.qualifiers.sign !== undefined || rephrased.qualifiers.real === true;
  // The engine's own phrasing ("limit of E as x -> a", "integral of E from a to b") has words the engine reads.
  const own = ENGINE_PHRASING.test(read);
  const words = read
    .split(' ')
    .filter((token) => isWord(token) && !(own && ENGINE_WORDS.has(token.toLowerCase())))
    .map((w) => w.replace(/[.,:;?!]$/, ''));
  const unreadable = unreadableIn(read);
  const maths = mathsIn(read);
  // A rewrite only leaves out what is not maths: every number, relation and meaningful word of the question is
  // kept ("10 percent of 50 plus 5" is never offered as "50 + 5").
  const keeps = (text: string): boolean =>
    !conditioned &&
    sameMultiset(numbersIn(text), numbersIn(read)) &&
    // Every function name stays: "x = 0" is not what "cos x = 0" asks.
    sameMultiset(functionsIn(text), functionsIn(read)) &&
    (text.match(/[=<>]/g) ?? []).length === (read.match(/[=<>]/g) ?? []).length &&
    !words.some((word) => MEANINGFUL.has(word.toLowerCase()));
  const rewrite = [maths, readable(read)].find(
    // A rewrite keeps an operation: a lone number ("400" of a word problem) is not what the student asked.
    (text) =>
      /[=+\-*/^<>(]/.test(text.replace(/^-/, '')) && text.trim() !== question.trim() && keeps(text) && solves(text),
  );
  const didYouMean = rewrite ? ` Did you mean: ${rewrite}?` : '';
  const suggestion = rewrite ? { suggestion: { text: rewrite } } : {};
  if (words.length > 0 && maths) {
    const part = keeps(maths) ? 'the maths' : 'only part of it as maths,';
    return {
      reason: `I could read ${part} “${maths}”, but not the words ${quoteWords(words)} around it.${didYouMean || ' Write the question with numbers and symbols only, for example: solve 2x + 3 = 7.'}`,
      ...suggestion,
    };
  }
  if (words.length > 0) {
    return {
      reason:
        'I could not find any maths to solve in this. Write the equation or expression with numbers and symbols, for example: solve 2x + 3 = 7, or derivative of x^2 sin(x).',
    };
  }
  if (unreadable.length > 0) {
    return {
      reason: `I could read the maths, but not the ${unreadable.map((c) => `“${c}”`).join(', ')} in it.${didYouMean}`,
      ...suggestion,
    };
  }
  return { reason: `${engineReason}${didYouMean}`, ...suggestion };
}
