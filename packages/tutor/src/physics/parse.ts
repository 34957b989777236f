/**
 * Reads a physics question: the given values with their units and what each one is, values the wording
 * implies ("from rest"), and the quantity asked for. It decides nothing it cannot justify: a value whose
 * meaning is unclear keeps several candidate quantities, and the solver only answers when they agree.
 */
import { type Dims, sameDims } from './expr';
import { DEFAULT_FOR_DIMS, KEYWORDS, QUANTITIES, SYMBOLS, quantity } from './quantities';
import { normalizeText, parseUnit } from './units';

export interface Given {
  /** Position of the number in the normalized text (practice questions swap the numbers). */
  index: number;
  numberText: string;
  unitText: string;
  /** The value in SI units of its quantity. */
  si: number;
  /** Significant figures of the number as written; Infinity for an exact zero. */
  sf: number;
  candidates: string[];
  /** As the student wrote it, e.g. `27 m/s`. */
  label: string;
}

export interface Implied {
  id: string;
  value: number;
  why: string;
}

export interface Asked {
  candidates: string[];
  /** The question asks for a deceleration: give its size. */
  magnitude: boolean;
}

export interface Problem {
  text: string;
  givens: Given[];
  implied: Implied[];
  asked: Asked | null;
  unitRequest: string | null;
  freeFall: boolean;
  series: boolean;
  parallel: boolean;
  /** Why the question is wrong in itself (a time given in metres), if it is. */
  invalid: string | null;
  /** A value the engine cannot place (an unknown unit combination). */
  unsupported: string | null;
}

const NUMBER = /(?<![\w^.])([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+|\*10\^\(?[-+]?\d+\)?)?)/gu;
const UNIT = /^(?:\s*|-)((?:[A-Za-z]+(?:\^-?\d+)?)(?:[*/]\(?[A-Za-z]+(?:\^-?\d+)?(?:\*[A-Za-z]+(?:\^-?\d+)?)?\)?)*)/u;
// Symbols are read from the start of their word (digits and _ before the first letter skipped): a match tried
// from every letter of a long word is quadratic. Likewise each optional word takes its own spaces.
const SYMBOL_BEFORE = /(?<![A-Za-z0-9_α-ωΑ-Ω])[0-9_]*([A-Za-zα-ωΑ-Ω][A-Za-z0-9_α-ω]*)\s*[=:]\s*$/u;
/** A quantity noun right before a value ("a time of 5 m"): its meaning is firm, so a unit that cannot fit is an error. */
const NOUN_BEFORE =
  /\b(time|mass|distance|height|speed|velocity|acceleration|force|weight|current|voltage|resistance|power|energy|work|pressure|density|volume|area|frequency|wavelength|period|temperature|momentum)(?:\s*(?:of|is|was|=|:|equals|equal to))?(?:\s*(?:about|approximately|roughly))?\s*$/iu;

/** The text after the last full stop: a keyword there is one with no full stop after it (`/word[^.]*$/`, linear). */
const lastSentence = (text: string): string => text.slice(text.lastIndexOf('.') + 1);

/** Significant figures as written. Trailing zeros of a whole number count (textbook "20 m/s" means two figures). */
export function significantFigures(numberText: string): number {
  const mantissa = numberText.replace(/^[-+]/u, '').split(/[eE*]/u)[0] ?? '';
  const digits = mantissa.replace('.', '').replace(/^0+/u, '');
  if (digits === '') return Number.POSITIVE_INFINITY; // an exact zero ("from 0 to 27 m/s")
  return digits.length;
}

export function numberValue(numberText: string): number {
  const [mantissa, exponent] = numberText.split('*10^');
  const base = Number(mantissa);
  return exponent === undefined ? base : base * 10 ** Number(exponent.replace(/[()]/gu, ''));
}

const DIM_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['t', 'a time'],
  ['s', 'a length'],
  ['v', 'a speed'],
  ['a', 'an acceleration'],
  ['m', 'a mass'],
  ['F', 'a force'],
  ['work', 'an energy'],
  ['power', 'a power'],
  ['momentum', 'a momentum'],
  ['rho', 'a density'],
  ['volume', 'a volume'],
  ['pressure', 'a pressure'],
  ['area', 'an area'],
  ['voltage', 'a voltage'],
  ['current', 'a current'],
  ['R', 'a resistance'],
  ['f', 'a frequency'],
  ['n', 'an amount of substance'],
  ['T', 'a temperature'],
];

/** "a length", "a speed": how a dimension is named in messages. */
export function dimensionName(dims: Dims): string {
  for (const [id, name] of DIM_NAMES) if (sameDims(quantity(id).dims, dims)) return name;
  return 'a quantity with no place in these formulas';
}

function lookupSymbol(raw: string): readonly string[] | undefined {
  const symbol = raw.replace(/_/gu, '');
  const exact = SYMBOLS[symbol];
  if (exact !== undefined) return exact;
  const lower = symbol.toLowerCase();
  const matches = Object.keys(SYMBOLS).filter((key) => key.toLowerCase() === lower);
  return matches.length === 1 && matches[0] !== undefined ? SYMBOLS[matches[0]] : undefined;
}

/** Quantities a value of these dimensions may be when no word names it. */
function defaultsFor(dims: Dims, angle: boolean): string[] {
  if (angle) return ['theta'];
  return Object.values(QUANTITIES)
    .filter(
      (q) =>
        sameDims(q.dims, dims) &&
        q.id !== 'g' &&
        q.id !== 'Rgas' &&
        q.id !== 'mu' &&
        q.id !== 'theta' &&
        !/^R\d$/u.test(q.id),
    )
    .filter(
      (q) =>
        DEFAULT_FOR_DIMS.includes(q.id) ||
        ['v0', 'h', 'range', 'lambda', 'period', 'KE', 'PE', 'weight'].includes(q.id),
    )
    .map((q) => q.id);
}

const fits = (id: string, dims: Dims): boolean => sameDims(quantity(id).dims, dims);

/** Keyword matches in a piece of text, nearest to its end first. */
function keywordMatches(text: string): Array<{ start: number; end: number; ids: readonly string[] }> {
  const found: Array<{ start: number; end: number; ids: readonly string[] }> = [];
  const lower = text.toLowerCase();
  for (const [pattern, ids] of KEYWORDS) {
    for (const match of lower.matchAll(new RegExp(pattern.source, 'gu'))) {
      found.push({ start: match.index, end: match.index + match[0].length, ids });
    }
  }
  return found;
}

export function parseProblem(question: string): Problem {
  const text = normalizeText(question);
  const lower = text.toLowerCase();
  const problem: Problem = {
    text,
    givens: [],
    implied: [],
    asked: null,
    unitRequest: null,
    freeFall: /\b(dropped|drops|falls?|falling|free[- ]?fall|freely|released|let go)\b/u.test(lower),
    series: /\bseries\b/u.test(lower),
    parallel: /\bparallel\b/u.test(lower),
    invalid: null,
    unsupported: null,
  };

  // Numbers and their units.
  type Raw = { index: number; end: number; numberText: string; unit: string; clause: string };
  const raws: Raw[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(NUMBER)) {
    const numberText = match[1] ?? '';
    let end = match.index + match[0].length;
    let unit = '';
    const unitMatch = UNIT.exec(text.slice(end));
    if (unitMatch?.[1] !== undefined) {
      const whole = unitMatch[1];
      const first = /^[A-Za-z]+(?:\^-?\d+)?/u.exec(whole)?.[0] ?? '';
      if (parseUnit(whole) !== null) {
        unit = whole;
        end += unitMatch[0].length;
      } else if (first !== '' && parseUnit(first) !== null) {
        unit = first;
        end += unitMatch[0].indexOf(first) + first.length;
      }
    }
    // The clause before the number: back to the previous value or the start of the sentence.
    let clause = text.slice(previousEnd, match.index);
    const sentence = clause.search(/[.!?;](?!\d)[^.!?;]*$/u);
    if (sentence >= 0) clause = clause.slice(sentence + 1);
    raws.push({ index: match.index, end, numberText, unit, clause });
    previousEnd = end;
  }

  // "from 0 to 27 m/s": the first number takes the second's unit; the pair is initial and final.
  const pairRole = new Map<number, string>();
  raws.forEach((raw, i) => {
    const next = raws[i + 1];
    if (next !== undefined && /\bfrom\s*$/iu.test(raw.clause) && /^\s*to\s*$/iu.test(next.clause)) {
      if (raw.unit === '' && next.unit !== '') raw.unit = next.unit;
      const unit = parseUnit(next.unit);
      if (unit !== null && sameDims(unit.dims, quantity('v').dims)) {
        pairRole.set(i, 'v0');
        pairRole.set(i + 1, 'v');
      }
    }
  });

  for (const [i, raw] of raws.entries()) {
    const symbolMatch = SYMBOL_BEFORE.exec(raw.clause);
    const symbolCandidates = symbolMatch?.[1] === undefined ? undefined : lookupSymbol(symbolMatch[1]);
    const value = numberValue(raw.numberText);
    const label = raw.unit === '' ? raw.numberText : `${raw.numberText} ${raw.unit}`;
    if (raw.unit === '') {
      // A bare number is a count ("3 resistors") unless a symbol or word makes it dimensionless (μ).
      const namesMu =
        (symbolCandidates?.includes('mu') ?? false) ||
        /\bcoefficient\b/iu.test(lastSentence(raw.clause)) ||
        /\b(mu|μ)(?:\s*(?:=|is|of))?\s*$/iu.test(raw.clause);
      if (namesMu) {
        problem.givens.push({
          index: raw.index,
          numberText: raw.numberText,
          unitText: '',
          si: value,
          sf: significantFigures(raw.numberText),
          candidates: ['mu'],
          label,
        });
      } else if (symbolCandidates !== undefined && symbolMatch?.[1] !== undefined) {
        problem.invalid ??= `${symbolMatch[1]} = ${raw.numberText} has no unit: ${quantity(symbolCandidates[0] ?? 't').name} needs one (e.g. ${quantity(symbolCandidates[0] ?? 't').unit}).`;
      }
      continue;
    }
    const unit = parseUnit(raw.unit);
    if (unit === null) continue;
    const angle = /^(deg|rad)$/u.test(raw.unit);
    const dims = unit.dims;
    let candidates: string[];
    const role = pairRole.get(i);
    if (symbolCandidates !== undefined && symbolMatch?.[1] !== undefined) {
      candidates = symbolCandidates.filter((id) => fits(id, dims) && (id !== 'theta' || angle));
      if (candidates.length === 0) {
        const q = quantity(symbolCandidates[0] ?? 't');
        problem.invalid ??= `${symbolMatch[1]} = ${label} does not fit: ${symbolMatch[1]} is ${q.name === 'time' ? 'a time' : `the ${q.name}`}, measured in ${q.unit || 'no unit'}, but ${raw.unit} is a unit of ${dimensionName(dims).replace(/^an? /u, '')}.`;
        continue;
      }
    } else if (role !== undefined) {
      candidates = [role];
    } else {
      const noun = NOUN_BEFORE.exec(raw.clause);
      if (noun?.[1] !== undefined) {
        const ids = keywordMatches(noun[1]).flatMap((m) => m.ids);
        if (ids.length > 0 && !ids.some((id) => fits(id, dims))) {
          problem.invalid ??= `The ${noun[1].toLowerCase()} is given as ${label}, but ${raw.unit} is a unit of ${dimensionName(dims).replace(/^an? /u, '')}, not of ${noun[1].toLowerCase()}.`;
          continue;
        }
      }
      const matches = keywordMatches(raw.clause).sort((x, y) => y.end - x.end || y.end - y.start - (x.end - x.start));
      const named = matches
        .map((m) => m.ids.filter((id) => fits(id, dims) && (id !== 'theta' || angle)))
        .find((ids) => ids.length > 0);
      candidates = named ?? defaultsFor(dims, angle);
      // A speed that could be initial or final: the words around it usually tell. "20 m/s initially", or a
      // speed stated before the motion changes ("moving at 20 m/s, it accelerates...") is the initial one;
      // "to 30 m/s" or "reaches 30 m/s" is the final one.
      if (candidates.includes('v') && candidates.includes('v0')) {
        const after = text.slice(raw.end, raws[i + 1]?.index ?? text.length).toLowerCase();
        if (/^\s*(initially|initial|at first|at the start)\b/u.test(after)) candidates = ['v0'];
        else if (/^\s*(final(ly)?|at the end)\b/u.test(after) || /\b(to|reach\w*|until)\s*$/iu.test(raw.clause))
          candidates = ['v'];
        else if (
          /\b(accelerat\w*|decelerat\w*|brakes?|slows?|speeds? up|comes? to)\b/u.test(
            text.slice(raw.end).toLowerCase(),
          ) &&
          !/\b(accelerat\w*|decelerat\w*|brakes?|slows?|speeds? up)\b/iu.test(text.slice(0, raw.index))
        )
          candidates = ['v0'];
      }
      if (candidates.length === 0) {
        problem.unsupported ??= `I cannot tell what ${label} is: ${raw.unit} is not the unit of any quantity in my formulas.`;
        continue;
      }
    }
    let si = unit.toSI(value);
    // "decelerates at 3 m/s^2": the acceleration points against the motion.
    if (
      candidates.includes('a') &&
      si > 0 &&
      /\b(decelerat\w*|brakes?|braking|slows?( down)?|retard\w*)\b/iu.test(lastSentence(raw.clause))
    )
      si = -si;
    problem.givens.push({
      index: raw.index,
      numberText: raw.numberText,
      unitText: raw.unit,
      si,
      sf: significantFigures(raw.numberText),
      candidates,
      label,
    });
  }

  // Resistances beyond the first are resistors to combine: R1, R2, ... in the order given.
  const resistances = problem.givens.filter(
    (g) => (g.candidates.length === 1 && g.candidates[0] === 'R') || g.candidates.every((id) => /^R\d$/u.test(id)),
  );
  if (resistances.length >= 2 && resistances.every((g) => g.candidates[0] === 'R')) {
    resistances.forEach((g, i) => {
      g.candidates = [`R${i + 1}`];
    });
  }

  // Values the wording implies.
  const givenOnly = (id: string): boolean =>
    problem.givens.some((g) => g.candidates.length === 1 && g.candidates[0] === id);
  if (
    /\b(from rest|at rest|starts? from rest|starting from rest|dropped|released|let go)\b/u.test(lower) &&
    !givenOnly('v0')
  ) {
    problem.implied.push({ id: 'v0', value: 0, why: 'it starts from rest' });
  }
  if (
    /\b(comes? to (a )?(stop|rest|halt)|stops|brought to (a )?(stop|rest)|to a (stop|halt)|stopping distance)\b/u.test(
      lower,
    ) &&
    !givenOnly('v')
  ) {
    problem.implied.push({ id: 'v', value: 0, why: 'it comes to a stop' });
  }

  problem.asked = findAsked(text, problem);
  const request =
    /=\s*\?\s*([A-Za-z][A-Za-z/^*0-9]*)\s*$/u.exec(text) ??
    /\b(?:in|into)\s+(?:units of\s+)?([A-Za-z][A-Za-z/^*0-9]*)(?:\s*\))?(?:\s*[?.!])?$/u.exec(text.trimEnd());
  if (request?.[1] !== undefined && parseUnit(request[1]) !== null) problem.unitRequest = request[1];
  return problem;
}

function findAsked(text: string, problem: Problem): Asked | null {
  const terse = /(?<![A-Za-z0-9_α-ωΑ-Ω])[0-9_]*([A-Za-zα-ωΑ-Ω][A-Za-z0-9_α-ω]*)\s*=\s*\?/u.exec(text);
  if (terse?.[1] !== undefined) {
    const ids = lookupSymbol(terse[1]);
    return ids === undefined ? { candidates: [], magnitude: false } : { candidates: [...ids], magnitude: false };
  }
  const lower = text.toLowerCase();
  const starts = [...lower.matchAll(/\b(find|calculate|determine|compute|work out|what|how|solve for|estimate)\b/gu)];
  const last = starts.at(-1);
  const part =
    last === undefined
      ? lower.slice(Math.max(0, lower.lastIndexOf('.', lower.length - 2) + 1))
      : lower.slice(last.index);
  const symbol = /\b(?:find|calculate|determine|compute|solve for)\s+(?:the\s+)?([A-Za-zα-ω][\w]*)(?:\s*[.?])?$/u.exec(
    text.slice(last?.index ?? 0).trimEnd(),
  );
  if (symbol?.[1] !== undefined) {
    const ids = lookupSymbol(symbol[1]);
    if (ids !== undefined && symbol[1].length <= 4) return { candidates: [...ids], magnitude: false };
  }
  const matches = keywordMatches(part).sort((x, y) => x.start - y.start || y.end - y.start - (x.end - x.start));
  const first = matches[0];
  if (first === undefined) return null;
  let candidates = [...first.ids];
  if (candidates.includes('v') && candidates.includes('v0')) candidates = ['v'];
  if (candidates.includes('s') && problem.givens.some((g) => g.candidates.includes('theta'))) candidates = ['range'];
  if (candidates.includes('h') && problem.freeFall && !problem.givens.some((g) => g.candidates.includes('theta')))
    candidates = ['h'];
  const magnitude = /decelerat/u.test(part.slice(first.start, first.end));
  return { candidates, magnitude };
}
