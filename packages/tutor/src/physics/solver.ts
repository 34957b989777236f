/**
 * Picks the formula (or a chain of two) that yields the asked quantity from the knowns, evaluates it and
 * builds the tutor's answer with real checks. When the knowns can be read several ways, every reading is
 * tried, and the engine answers only if the best-supported readings agree. The search is in routes.ts, the
 * answer and its checks in answer.ts.
 */
import { type TutorAnswer, refusedAnswer } from '@studyease/contract';
import type { Problem } from './parse';
import { quantity } from './quantities';
import type { DisplayUnit } from './units';
import { TOOL, buildAnswer, notNeededReason } from './answer';
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
  const top = Math.max(...finite.map((r) => r.used.size));
  const best = finite.filter((r) => r.used.size === top).sort((x, y) => x.links.length - y.links.length);
  const chosen = best[0];
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
