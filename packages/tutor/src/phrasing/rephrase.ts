import { fixTypos } from './fix-typos';
import { intentOf } from './intent-of';
import { intervalOf } from './interval-of';
import { percentageOf } from './percentage-of';
import { plainSymbols } from './plain-symbols';
import { qualifiersOf } from './qualifiers-of';
import type { Percentage, Rephrased } from './rephrased';
import { withoutFiller } from './without-filler';
import { wordsToMath } from './words-to-math';

/** A percentage question as the calculation it asks for, for "I read this as" and the second reader. */
const percentageText = (p: Percentage): string => {
  switch (p.kind) {
    case 'of':
      return `${p.rate}/100*${p.amount}`;
    case 'what-percent':
      return `${p.part}/${p.whole}*100`;
    case 'change-by':
      return `${p.amount}*(1 ${p.direction === 'up' ? '+' : '-'} ${p.rate}/100)`;
    case 'percent-change':
      // The size of a decrease when that is what was asked (math/percentage.ts answers the same).
      return p.asked === 'decrease' && Number(p.to) < Number(p.from)
        ? `(${p.from} - ${p.to})/${p.from}*100`
        : `(${p.to} - ${p.from})/${p.from}*100`;
    case 'whole':
      return `${p.part}/(${p.rate}/100)`;
    case 'as-percent':
      return `${p.value}*100`;
    case 'reverse':
      return `${p.result}/(1 ${p.direction === 'up' ? '+' : '-'} ${p.rate}/100)`;
    case 'chain': {
      const factors = p.changes.map((c) => `(1 ${c.direction === 'up' ? '+' : '-'} ${c.rate}/100)`).join('*');
      if (p.asked === 'final') return `${p.amount ?? '100'}*${factors}`;
      // The size of an overall decrease when that is what was asked (math/percentage.ts answers the same).
      const product = p.changes.reduce((m, c) => m * (1 + ((c.direction === 'up' ? 1 : -1) * Number(c.rate)) / 100), 1);
      return p.decrease && product < 1 ? `(1 - ${factors})*100` : `(${factors} - 1)*100`;
    }
  }
};

/** Greek letters students use for angles, read as a single letter the engine knows (shown back in the answer). */
const GREEK = /[θαβφϕψ]/g;
const SPARE_LETTERS = ['x', 't', 'u', 'v', 'w', 'z'];

/**
 * The question with each Greek letter replaced by a spare single letter, and what was replaced (the answer says
 * θ again: math/index.ts).
 */
const withoutGreek = (text: string): [string, Record<string, string>] => {
  const letters: Record<string, string> = {};
  const used = new Set((text.match(/\b[a-z]\b/gi) ?? []).map((l) => l.toLowerCase()));
  const out = text.replace(GREEK, (greek) => {
    let latin = letters[greek];
    if (!latin) {
      latin = SPARE_LETTERS.find((l) => !used.has(l)) ?? greek;
      used.add(latin);
      letters[greek] = latin;
    }
    return latin;
  });
  return [out, letters];
};

/**
 * "sin x", "cos 2x", "tan 3t": a trig name before a simple argument, as a student writes it, with the argument in
 * brackets (sin(2x), which the engine and the second reader read alike; "sin 2x" is otherwise sin(2)·x). A power
 * after the argument (sin x^2) is left as typed.
 */
const TRIG_ARGUMENT = /\b(sin|cos|tan|sec|csc|cot)(\^\d+)? (\d*[a-z])\b(?![\^(.\d])/gi;

/**
 * The phrasing layer: turns a question as a student writes it ("find the zeros of f(x) = x² − 4", "what's the
 * derivative of x^2 sin x", "lim x→0 of sin(3x)/x", "2x+3=11, solve for x", "increase 80 by 15%") into the
 * engine's own phrasing, and takes out what the student asked about the answer (to 2 decimal places, over the
 * complex numbers, exactly) and where its solutions must lie (for 0 ≤ x < 2π). It only rewrites, never solves: a
 * question it does not recognise reaches the engine as it was typed, and what the engine cannot read is explained
 * by explainRefusal.
 * @param question - the question as the student typed it
 * @returns the question in the engine's phrasing, with its qualifiers, interval and percentage reading
 */
export function rephrase(question: string): Rephrased {
  const [plain, letters] = withoutGreek(plainSymbols(question));
  let text = wordsToMath(fixTypos(plain)).replace(TRIG_ARGUMENT, '$1$2($3)');
  text = withoutFiller(text);
  const [withoutQualifiers, qualifiers] = qualifiersOf(text);
  const [withoutInterval, interval] = intervalOf(withoutQualifiers);
  text = withoutFiller(withoutInterval);
  const percentage = percentageOf(text);
  if (percentage) return { text: percentageText(percentage), qualifiers, percentage };
  const renamed = Object.keys(letters).length > 0 ? { letters } : {};
  text = intentOf(text);
  // A system written with "and" between its equations: the engine splits on commas.
  if ((text.match(/(?<![<>!])=/g) ?? []).length >= 2) text = text.replace(/ (?:and|&|&&) /gi, ', ');
  return { text: text.trim(), qualifiers, ...(interval ? { interval } : {}), ...renamed };
}
