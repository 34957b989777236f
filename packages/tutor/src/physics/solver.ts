/**
 * Picks the formula (or a chain of two) that yields the asked quantity from the knowns, evaluates it and
 * builds the tutor's answer with real checks. When the knowns can be read several ways, every reading is
 * tried, and the engine answers only if the best-supported readings agree. The search is in routes.ts, the
 * answer and its checks in answer.ts.
 */
import { type TutorAnswer, refusedAnswer } from '@studyease/contract';
import { type Given, type Problem, keywordMatches, trailingTarget } from './parse';
import { CONSTANTS, quantity } from './quantities';
import type { DisplayUnit } from './units';
import { TOOL, buildAnswer, formatSig, notNeededReason } from './answer';
import { sameDims } from './expr';
import { type Known, type Route, assignments, missingReason, relClose, routesFor } from './routes';

export interface Solution {
  problem: Problem;
  answer: TutorAnswer;
  /** Exact SI value and answer precision, for check() and practice(). */
  si?: number;
  sf?: number;
  /** The data limiting the precision are whole numbers, which do not state it. */
  wholeData?: boolean;
  target?: string;
  unit?: DisplayUnit;
}

const ASKING = /\b(?:what is|what's|what are|find|calculate|determine|work out)\s+/giu;
const THE = /the\s+/iuy;
const WORDS_END = /\s+(?:of|in|on|at|for|between)\b|[?.]|$/iuy;

/**
 * "what is the terminal speed of …" → "terminal speed": the shortest run of 2 to 41 letters, spaces and hyphens after
 * an asking word (and "the") that ends the question or comes before "of", "in", …. A loop over the ends: one
 * `([a-z][a-z -]{1,40}?)(?:\s+(?:of|…)\b|[?.]|$)` pattern lets its spaces and `\s+` share a run, which the ReDoS
 * checker cannot settle in its time.
 */
function askedWords(text: string): string | undefined {
  for (const asking of text.matchAll(ASKING)) {
    const from = asking.index + asking[0].length;
    THE.lastIndex = from;
    const the = THE.exec(text);
    for (const start of the ? [from + the[0].length, from] : [from]) {
      if (!/[a-z]/iu.test(text.charAt(start))) continue;
      for (let end = start + 2; end <= Math.min(start + 41, text.length); end++) {
        if (!/[a-z -]/iu.test(text.charAt(end - 1))) break;
        WORDS_END.lastIndex = end;
        if (WORDS_END.test(text)) return text.slice(start, end);
      }
    }
  }
  return undefined;
}

const LENGTHS = ['s', 'h', 'range', 'lambda'];
/** After a drop, the moment asked about is the time given: a route must use it, and no length or wave reading. */
const readsTheMoment = (r: Route): boolean =>
  r.used.has('t') && !LENGTHS.some((id) => r.used.has(id)) && !r.used.has('period');

/**
 * Dropped from rest from a height, with a time given and something other than the acceleration asked: the
 * height and the time, when both are given, are not a distance covered in that time.
 */
function droppedFromHeight(problem: Problem): { height: Given; time: Given } | undefined {
  const asked = problem.asked?.candidates ?? [];
  if (!problem.freeFall || problem.verticalUp || asked.some((id) => id === 'a' || id === 'g' || id === 't'))
    return undefined;
  if (!problem.implied.some((i) => i.id === 'v0' && i.value === 0)) return undefined;
  if (problem.givens.some((g) => g.candidates.some((id) => id === 'a' || id === 'theta' || id === 'v0')))
    return undefined;
  const heights = problem.givens.filter((g) => g.candidates.includes('h'));
  const times = problem.givens.filter((g) => g.candidates.includes('t'));
  const [height] = heights;
  const [time] = times;
  if (heights.length !== 1 || times.length !== 1 || height === undefined || time === undefined) return undefined;
  return { height, time };
}

/** The quantities the question names as asked, read from its words alone ("…, density?", "what is the power …"). */
function namedQuantities(problem: Problem): string[] {
  const bare = trailingTarget(problem.text, problem.givens);
  if (bare !== undefined) return bare.ids;
  const words = askedWords(problem.text);
  if (words === undefined) return [];
  const whole = keywordMatches(words.toLowerCase()).filter((m) => m.start === 0 && m.end === words.length);
  return whole.flatMap((m) => m.ids);
}

export function solveProblem(problem: Problem): Solution {
  const refuse = (status: 'invalid' | 'unsupported', reason: string, kind = 'physics'): Solution => ({
    problem,
    answer: refusedAnswer(TOOL, status, kind, problem.text, reason),
  });
  if (problem.invalid !== null) return refuse('invalid', problem.invalid);
  if (problem.unsupported !== null) return refuse('unsupported', problem.unsupported);
  if (problem.asked === null) {
    // Name what the student seems to ask for, in their words, so the refusal says what was not understood.
    const asked = askedWords(problem.text);
    return refuse(
      'unsupported',
      `I could not find which quantity you are asking for: ${asked === undefined ? 'end with a question such as "what is the acceleration?" or "how far does it go?", or write it as "F = ?"' : `"${asked}" is not one of the quantities I can work out (I know speeds, accelerations, distances, times, forces, energies, power, pressure, density, electric circuits, waves and gases)`}.`,
    );
  }
  if (problem.asked.candidates.length === 0)
    return refuse(
      'unsupported',
      'I could not find which quantity you are asking for: the symbol before "= ?" is not one of the quantities I know (for example v, a, F, m, t, s, W, P, V, I, R).',
    );
  if (problem.givens.length === 0)
    return refuse(
      'unsupported',
      'I could not find any values with units in the question: give each one with its unit, for example 5 kg or 20 m/s.',
    );
  for (const g of problem.givens) {
    if (g.candidates.every((id) => quantity(id).positive === true) && g.si <= 0) {
      const q = quantity(g.candidates[0] ?? 't');
      return refuse(
        'invalid',
        g.candidates[0] === 'T'
          ? `${g.label} is below absolute zero.`
          : `The ${q.name} cannot be ${g.label}: it must be positive.`,
      );
    }
  }

  const routes: Route[] = [];
  let lastKnowns = new Map<string, Known>();
  for (const knowns of assignments(problem)) {
    lastKnowns = knowns;
    for (const target of problem.asked.candidates) {
      if (knowns.has(target)) continue;
      routes.push(...routesFor(problem, knowns, target));
    }
  }
  const finite = routes.filter((r) => Number.isFinite(r.value) && r.links.every((l) => Number.isFinite(l.value)));
  if (finite.length === 0) {
    const target = problem.asked.candidates[0] ?? 't';
    if (routes.length > 0) {
      return refuse(
        'invalid',
        `The data are inconsistent: the ${quantity(target).name} has no real value (for example a square root of a negative number or a division by zero).`,
        routes[0]?.links.at(-1)?.formula.family,
      );
    }
    return refuse('unsupported', missingReason(problem, lastKnowns, target));
  }
  const drop = droppedFromHeight(problem);
  // Dropped from a height and asked about a moment t: the height is where it starts, not the distance fallen in
  // t, so no route may treat them as a distance covered in that time (that would give v = 2h/t).
  if (drop !== undefined && problem.asked.candidates.some((id) => LENGTHS.includes(id)))
    return refuse(
      'unsupported',
      `It was dropped from ${drop.height.label} and you ask about a distance after ${drop.time.label}: I can only work out how far it falls in a time (½·g·t²) or its speed, not where it is above the ground, so I will not guess. Ask "how far does it fall in ${drop.time.label}?" or "what is its speed after ${drop.time.label}?".`,
      'free-fall',
    );
  const readable = drop === undefined ? finite : finite.filter(readsTheMoment);
  if (drop !== undefined && readable.length === 0)
    return refuse('unsupported', missingReason(problem, lastKnowns, problem.asked.candidates[0] ?? 't'));
  const top = Math.max(...readable.map((r) => r.used.size));
  const best = readable.filter((r) => r.used.size === top).sort((x, y) => x.links.length - y.links.length);
  let chosen = best[0];
  if (drop !== undefined && chosen !== undefined) {
    const g = problem.givens.find((x) => x.candidates.length === 1 && x.candidates[0] === 'g')?.si ?? CONSTANTS.g.value;
    const landing = Math.sqrt((2 * drop.height.si) / g);
    // 2% leeway: "hits the ground after 3.03 s" from 45 m (3.029 s) is the landing time to the data's figures.
    if (drop.time.si > landing * 1.02) {
      return refuse(
        'invalid',
        `Dropped from ${drop.height.label}, it reaches the ground after about ${formatSig(landing, 3)} s (from h = ½·g·t²), so after ${drop.time.label} it has already landed and is not falling any more.`,
        'free-fall',
      );
    }
    const atHeight = best.find((r) => r.knowns.get('h')?.label === drop.height.label) ?? chosen;
    const fallen = 0.5 * g * drop.time.si ** 2;
    const reason = `it is the height it was dropped from, not the distance fallen in ${drop.time.label}: in that time it falls ${formatSig(fallen, 4)} m (½·g·t²), so ${drop.time.si < landing * 0.98 ? 'it has not landed yet' : 'it is just reaching the ground'}`;
    const heightId =
      atHeight.links.length > 0
        ? [...atHeight.knowns.values()].find((k) => k.label === drop.height.label)?.id
        : undefined;
    chosen =
      heightId === undefined
        ? atHeight
        : {
            ...atHeight,
            links: atHeight.links.map((link, i) =>
              i === atHeight.links.length - 1
                ? {
                    ...link,
                    formula: { ...link.formula, notNeeded: { ...link.formula.notNeeded, [heightId]: reason } },
                  }
                : link,
            ),
          };
  }
  if (chosen === undefined) return refuse('unsupported', 'No formula applies.');
  // Asked for a size (a speed, a deceleration), routes that differ only in sign agree.
  const size = (x: number): number => (problem.asked?.magnitude === true ? Math.abs(x) : x);
  const disagree = best.find((r) => r.target !== chosen.target || !relClose(size(r.value), size(chosen.value), 1e-6));
  if (disagree !== undefined) {
    const a = quantity(chosen.target),
      b = quantity(disagree.target);
    return refuse(
      'unsupported',
      a === b
        ? `The question is ambiguous: reading the values differently gives different values of the ${a.name} (${chosen.links.map((l) => l.formula.title).join(', ')} vs ${disagree.links.map((l) => l.formula.title).join(', ')}). Label the values (e.g. "v0 = ...").`
        : `The question is ambiguous: it could ask for the ${a.name} or the ${b.name}. Name the quantity you want.`,
    );
  }
  // The answer must be the kind of quantity the question names ("…, acceleration" is never answered in newtons),
  // read again from the words, apart from the reading that chose the formula.
  const named = namedQuantities(problem);
  if (named.length > 0 && !named.some((id) => sameDims(quantity(id).dims, quantity(chosen.target).dims)))
    return refuse(
      'unsupported',
      `You ask for the ${quantity(named[0] ?? chosen.target).name}, but the only formula I found gives the ${quantity(chosen.target).name}, which is a different kind of quantity, so I will not guess. Check the values and their units, or write the question as "${quantity(named[0] ?? chosen.target).symbol} = ?".`,
    );
  // Every value the student gave must be used or set aside for a reason: an answer that silently drops one (a
  // friction force, a second pull) would be checked against the wrong physics.
  const dropped = problem.givens.filter((g) => {
    const id = g.candidates.find((c) => chosen.knowns.get(c)?.label === g.label);
    return id === undefined || (!chosen.used.has(id) && notNeededReason(chosen, id) === undefined && g.si !== 0);
  });
  if (dropped.length > 0) {
    const names = dropped.map((g) => g.label).join(' and ');
    return refuse(
      'unsupported',
      `I could find the ${quantity(chosen.target).name} only by leaving out ${names}, and I cannot say why ${dropped.length === 1 ? 'that value does' : 'those values do'} not matter, so I will not guess. Check that every value belongs to the question, or say what ${dropped.length === 1 ? 'it is' : 'they are'} (for example "friction is 5 N").`,
      chosen.links.at(-1)?.formula.family,
    );
  }
  return { ...buildAnswer(problem, chosen), problem };
}
