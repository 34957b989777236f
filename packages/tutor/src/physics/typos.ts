/**
 * Corrects the typos a phone makes in the words the physics reader looks for ("accelaration", "fricton",
 * "velocty", "droped"), so that a question is not refused for one wrong letter. Only words of 7 letters or more (6 for a dropped letter) close to one
 * of these are changed, and only when one word is clearly the closest: one edit away, two for words of 10 letters or
 * more, or two neighbouring letters swapped. Every form the reader knows, and a few English words near one, stay.
 */
import { distance } from 'fastest-levenshtein';

/** The words that matter to the reader, with the forms students use; all lower case. */
const VOCABULARY: readonly string[] = [
  'acceleration',
  'accelerate',
  'accelerates',
  'accelerated',
  'accelerating',
  'deceleration',
  'decelerate',
  'decelerates',
  'friction',
  'frictional',
  'frictionless',
  'velocity',
  'distance',
  'displacement',
  'density',
  'pressure',
  'momentum',
  'kinetic',
  'potential',
  'gravitational',
  'gravity',
  'frequency',
  'wavelength',
  'resistance',
  'resistor',
  'resistors',
  'voltage',
  'current',
  'weight',
  'weighs',
  'weighing',
  'height',
  'maximum',
  'photon',
  'photons',
  'coefficient',
  'incline',
  'inclined',
  'horizontal',
  'vertically',
  'vertical',
  'upwards',
  'upward',
  'dropped',
  'released',
  'thrown',
  'travels',
  'travelled',
  'traveled',
  'travelling',
  'traveling',
  'temperature',
  'parallel',
  'opposite',
  'direction',
  'directions',
  'constant',
  'average',
  'launched',
  'projectile',
  'energy',
  'seconds',
  'minutes',
  'meters',
  'metres',
  'kilograms',
  'newtons',
  'joules',
];
/** English words close to a keyword that are not typos of it. */
const ENGLISH = ['currently', 'heights', 'distant', 'constantly', 'averaged', 'directly', 'potentially'];
const KNOWN = new Set([...VOCABULARY, ...ENGLISH]);

/** Whether `word` is `target` with two neighbouring letters swapped ("distnace"). */
function swapped(word: string, target: string): boolean {
  if (word.length !== target.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < word.length && diff.length <= 2; i += 1) if (word[i] !== target[i]) diff.push(i);
  const [i, j] = diff;
  return diff.length === 2 && i !== undefined && j === i + 1 && word[i] === target[j] && word[j] === target[i];
}

/** The keyword a misspelt word stands for, or undefined when it is not clearly one. */
function correction(word: string): string | undefined {
  // Six letters only for a dropped letter of a longer keyword ("droped"): shorter English words are too close.
  if (word.length < 6 || KNOWN.has(word)) return undefined;
  const allowed = word.length >= 10 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tie = false;
  for (const target of VOCABULARY) {
    if (Math.abs(target.length - word.length) > allowed || (word.length === 6 && target.length !== 7)) continue;
    const d = swapped(word, target) ? 1 : distance(word, target);
    if (d < bestDistance) {
      best = target;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return best !== undefined && bestDistance <= allowed && !tie ? best : undefined;
}

/**
 * @param text the question, after the units are normalised
 * @returns the text with misspelt keywords corrected (the first letter keeps its case)
 */
export function correctTypos(text: string): string {
  return text.replace(/[A-Za-z]{6,}/gu, (word) => {
    const fixed = correction(word.toLowerCase());
    if (fixed === undefined) return word;
    return word[0] === word[0]?.toUpperCase() ? `${fixed[0]?.toUpperCase() ?? ''}${fixed.slice(1)}` : fixed;
  });
}
