/**
 * Reads a physics question: the given values with their units and what each one is, values the wording
 * implies ("from rest"), and the quantity asked for. It decides nothing it cannot justify: a value whose
 * meaning is unclear keeps several candidate quantities, and the solver only answers when they agree.
 */
import { type Dims, sameDims } from './expr';
import type { ForceTerm } from './formulas';
import { CONSTANTS, DEFAULT_FOR_DIMS, KEYWORDS, QUANTITIES, SYMBOLS, quantity } from './quantities';
import { correctTypos } from './typos';
import { normalizeText, parseUnit } from './units';
import { trimTrailing } from '../trim-trailing';

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
  /** Light or another electromagnetic wave (its speed is c). */
  light: boolean;
  /** On a slope, ramp or inclined plane. */
  incline: boolean;
  /** Thrown, launched or fired straight up. */
  verticalUp: boolean;
  /** For a throw straight up: whether the question asks about the top or the return. */
  upPhase: 'top' | 'return' | null;
  /** For a throw straight up with a time given: whether the time is to the top or until it comes back. */
  upTime: 'top' | 'return' | null;
  /** Lifted or raised against gravity. */
  lift: boolean;
  /** Hung from a spring (or a spring holding a weight): the spring's force equals the weight. */
  hanging: boolean;
  /** A force (a pull or push) at an angle to the horizontal. */
  forceAngle: boolean;
  /** Something thrown, dropped or falling: gravity acts, so the speed is not constant. */
  gravity: boolean;
  /** The forces along the line of motion with their signs, when the question gives more than one (or friction). */
  forces: ForceTerm[] | null;
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

/** Light or another electromagnetic wave: "a light rope" is not light, "light of wavelength" is. */
const LIGHT =
  /\b(photons?|lasers?|electromagnetic|em (wave|radiation)|radio waves?|microwaves?|x-?rays?|gamma rays?|infrared|ultraviolet|uv|(visible|red|blue|green|violet|yellow|orange) light|light (of|with|has|travels|takes|wave|ray|beam|signal|pulse|from|to reach)|(of|does|for|by|takes?|from) light|light\?)\b/u;
const LAUNCHED = /\b(thrown|throws?|launched|launch|projected|fired|shot|tossed|kicked|hit)\b/u;
const UPWARDS = /\b(straight up(wards?)?|vertically|upwards?|up into the air|into the air|up)\b/u;
/**
 * Thrown (launched, fired, kicked...) straight up, in one sentence: gravity decelerates it at g. Sentence by
 * sentence with two patterns: one `\b(thrown|…)\b[^.?!]*?\b(up|…)\b` pattern reads to the end of the sentence from
 * every launch word (quadratic on a long sentence of them).
 */
function verticalUp(text: string): boolean {
  return text.split(/[.?!]/u).some((sentence) => {
    const launch = LAUNCHED.exec(sentence);
    return launch !== null && UPWARDS.test(sentence.slice(launch.index + launch[0].length));
  });
}
/** Words that put gravity in play: the speed of something thrown or falling is not constant. */
const GRAVITY =
  /\b(thrown|throws?|tossed|falls?|fell|falling|dropped|drops?|hits? the (ground|water|floor)|cliff|building|bridge|roof|tower|balcony|projectile|(rolls?|rolled|slides?|runs?|drives?) off)\b/u;
const TOP = /\b(how high|max(imum)? height|highest|greatest height|top|peak|stops? rising|stop going up)\b/u;
const RETURN =
  /\b(lands?|returns?|comes? back|falls? back|back (to|down|in)|hits? the ground|caught|total time|time of flight|in the air)\b/u;

/** Where the last sentence of a text begins: after its last full stop that is not a decimal point. */
function lastSentenceStart(text: string): number {
  const body = trimTrailing(text, /[.!?\s]/u);
  let at = body.length;
  while (at > 0) {
    const char = body.charAt(at - 1);
    if ((char === '.' || char === '!' || char === '?') && !/\d/u.test(body.charAt(at))) return at;
    at -= 1;
  }
  return 0;
}

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
  ['q', 'a charge'],
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
export function keywordMatches(text: string): Array<{ start: number; end: number; ids: readonly string[] }> {
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
  const text = correctTypos(normalizeText(question));
  const lower = text.toLowerCase();
  const problem: Problem = {
    text,
    givens: [],
    implied: [],
    asked: null,
    unitRequest: null,
    freeFall:
      /\b(dropped|drops?|falls?|falling|free[- ]?fall|freely|released|let go|(jumps?|jumped|steps?|stepped|rolls?|rolled) off)\b/u.test(
        lower,
      ),
    light: LIGHT.test(lower),
    incline: /\b(incline[sd]?|inclined|ramp|slope)\b/u.test(lower),
    verticalUp: verticalUp(lower),
    upPhase: null,
    upTime: null,
    lift: /\b(lift(s|ed|ing)?|rais(e|es|ed|ing)|hoist(s|ed|ing)?|climb(s|ed|ing)?|against gravity|(runs?|ran|walks?|walked|goes|went|carries|carried) up|stairs)\b/u.test(
      lower,
    ),
    forceAngle: false,
    hanging: /\bspring\b/u.test(lower) && /\b(hang(s|ing)?|hung|suspended|attached below|hooked on)\b/u.test(lower),
    gravity: GRAVITY.test(lower),
    forces: null,
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
      // "(density 1000 kg/m^3)": the bracket that closes the aside is not part of the unit.
      const taken = unitMatch[1];
      const closesAside = taken.endsWith(')') && !taken.includes('(') && parseUnit(taken) === null;
      const whole = closesAside ? taken.slice(0, -1) : taken;
      const first = /^[A-Za-z]+(?:\^-?\d+)?/u.exec(whole)?.[0] ?? '';
      if (parseUnit(whole) !== null) {
        unit = whole;
        end += unitMatch[0].length - (closesAside ? 1 : 0);
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
      // "the potential energy of 22 kg at 2 m?" names what is asked, not the value: only data are held to the noun.
      const sentenceEnd = text.slice(raw.end).search(/[.!?](?!\d)/u);
      const inQuestion =
        /\b(what|find|calculate|determine|how)\b/iu.test(raw.clause) ||
        (sentenceEnd >= 0 && text[raw.end + sentenceEnd] === '?');
      // "air resistance of 600 N": a longer name that fits the unit wins over its last word.
      const lastKeyword = keywordMatches(raw.clause).sort((x, y) => y.end - x.end || x.start - y.start)[0];
      const namedFits = lastKeyword?.ids.some((id) => fits(id, dims)) === true;
      // "a 60 kg mass 4 m" : a noun right after the previous value names that value, not this one.
      const headNoun = noun !== null && raw.clause.trim() === noun[0].trim();
      if (noun?.[1] !== undefined && !namedFits && !headNoun && !(inQuestion && /\bof\s*$/iu.test(noun[0]))) {
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
        // The question itself ("what is its acceleration?") says nothing about when the speed was taken.
        const questionStart = lastSentenceStart(lower);
        const dataAfter = lower.slice(raw.end, questionStart > raw.end ? questionStart : lower.length);
        if (/^\s*(initially|initial|at first|at the start)\b/u.test(after)) candidates = ['v0'];
        else if (
          /^\s*(final(ly)?|at the end)\b/u.test(after) ||
          /\b(to|reach\w*|until)\s*$/iu.test(raw.clause) ||
          /\breach\w* (a |its )?(top |maximum |final )?(speed|velocity) of\s*$/iu.test(raw.clause)
        )
          candidates = ['v'];
        else if (/\bfrom\s*$/iu.test(raw.clause)) candidates = ['v0'];
        else if (
          /\b(accelerat\w*|decelerat\w*|brakes?|slows?|speeds? up|comes? to)\b/u.test(dataAfter) &&
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

  // With a spring constant given, a length no word names ("compresses it by 0.02 m") may be its extension.
  if (/\bspring\b/u.test(lower) && problem.givens.some((g) => g.candidates.includes('kspring')))
    for (const g of problem.givens)
      if (g.candidates.includes('s') && g.candidates.includes('h') && !g.candidates.includes('ext'))
        g.candidates = ['ext', ...g.candidates];
  if (problem.givens.some((g) => g.candidates.includes('theta')) && !problem.incline) problem.verticalUp = false;
  if (problem.light) {
    // A speed given for light is c ("take c = 3 × 10^8 m/s").
    for (const g of problem.givens)
      if (g.candidates.includes('v') && Math.abs(g.si / CONSTANTS.c.value - 1) < 0.01) g.candidates = ['c'];
    // An energy given for light is a photon's energy.
    for (const g of problem.givens)
      if (g.candidates.some((id) => id === 'KE' || id === 'PE' || id === 'work')) g.candidates = ['Eph'];
  }
  const launchSpeed = problem.givens.some((g) => g.candidates.includes('v0') && g.si !== 0);
  if (
    problem.gravity &&
    !problem.verticalUp &&
    launchSpeed &&
    !problem.givens.some((g) => g.candidates.includes('theta')) &&
    /\b(horizontal(ly)?|sideways|down(ward|wards)?|(rolls?|rolled|slides?|runs?|drives?) off)\b/u.test(lower)
  ) {
    problem.unsupported ??=
      'This is a throw with a starting speed sideways or downwards. I can solve drops from rest, throws straight up and launches at a given angle, but not this one yet, so I will not guess.';
  }
  if (problem.verticalUp) {
    // Thrown straight up at a speed: that speed is the launch speed.
    for (const g of problem.givens) if (g.candidates.includes('v0')) g.candidates = ['v0'];
    const asking = lastSentence(trimTrailing(lower, /[.?!\s]/u)) || lower;
    // A time given is read from the words around the data, not from the question asked.
    const data = lower.slice(0, lower.length - asking.length);
    problem.upTime = RETURN.test(data) ? 'return' : TOP.test(data) ? 'top' : null;
    problem.upPhase = TOP.test(asking)
      ? 'top'
      : RETURN.test(asking)
        ? 'return'
        : TOP.test(lower)
          ? 'top'
          : RETURN.test(lower)
            ? 'return'
            : null;
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

  // Two charges (Coulomb's law) are q1 and q2; two masses attracting each other (Newton's law of gravitation) m1, m2.
  const charges = problem.givens.filter((g) => g.candidates.length === 1 && g.candidates[0] === 'q');
  if (charges.length === 2) {
    charges.forEach((g, i) => {
      g.candidates = [`q${String(i + 1)}`];
      // The size of the force: a negative charge only says whether they attract.
      g.si = Math.abs(g.si);
    });
  }
  const masses = problem.givens.filter((g) => g.candidates.length === 1 && g.candidates[0] === 'm');
  const gravitation =
    /\b(gravitational (force|attraction|pull)|force of gravity between|attract each other|gravity between)\b/u.test(
      lower,
    );
  if (masses.length === 2 && gravitation) {
    masses.forEach((g, i) => {
      g.candidates = [`m${String(i + 1)}`];
    });
  }
  // "two 1000 kg masses", "two charges of 2 μC each": one value for both.
  const pairOf = (list: Given[], id: string, noun: RegExp): void => {
    const [only] = list;
    if (list.length !== 1 || only === undefined) return;
    const before = lower.slice(Math.max(0, only.index - 30), only.index);
    const after = lower.slice(only.index + only.label.length, only.index + only.label.length + 30);
    // "two" after the last stop or comma: the end of `before` looked at by hand, not a quadratic `two\b[^.,;]*$`.
    const clause = before.slice(
      Math.max(before.lastIndexOf('.'), before.lastIndexOf(','), before.lastIndexOf(';')) + 1,
    );
    if (!(/\btwo\b/u.test(clause) && noun.test(after)) && !/^\s*each\b/u.test(after)) return;
    only.candidates = [`${id}1`];
    if (id === 'q') only.si = Math.abs(only.si);
    problem.implied.push({ id: `${id}2`, value: only.si, why: `the two are equal: ${only.label} each` });
  };
  if (gravitation) pairOf(masses, 'm', /^\s*(masses|objects|bodies|balls|spheres)\b/u);
  pairOf(charges, 'q', /^\s*(charges|point charges)\b/u);

  assignMomentum(problem, lower);

  // Values the wording implies.
  const givenOnly = (id: string): boolean =>
    problem.givens.some((g) => g.candidates.length === 1 && g.candidates[0] === id);
  if (
    /\b(from rest|at rest|starts? from rest|starting from rest|dropped|drops?|released|let go)\b/u.test(lower) &&
    !givenOnly('v0')
  ) {
    problem.implied.push({ id: 'v0', value: 0, why: 'it starts from rest' });
  }
  if (
    /\b(comes? to (a )?(stop|rest|halt)|stops|brought to (a )?(stop|rest)|to a (stop|halt)|to rest|to stop|stopping distance)\b/u.test(
      lower,
    ) &&
    !givenOnly('v')
  ) {
    problem.implied.push({ id: 'v', value: 0, why: 'it comes to a stop' });
  }

  if (problem.verticalUp && !givenOnly('a')) {
    const g = problem.givens.find((given) => given.candidates.length === 1 && given.candidates[0] === 'g');
    problem.implied.push({
      id: 'a',
      value: -(g?.si ?? CONSTANTS.g.value),
      why: 'gravity slows it down on the way up: a = -g',
    });
  }

  problem.asked = findAsked(text, problem);
  if (problem.asked !== null) {
    const asked = problem.asked;
    const energy = asked.candidates.some((id) => id === 'KE' || id === 'PE' || id === 'work');
    if (energy && problem.light) asked.candidates = ['Eph'];
    else if (energy && problem.lift && asked.candidates.includes('work')) asked.candidates = ['work'];
    // "bounces back at 15 m/s": the later speed is the other way (negative); the change asked is a size.
    if (asked.candidates.includes('impulse') && /\b(bounces?|bounced|rebounds?|rebounded)\b/u.test(lower)) {
      const speeds = problem.givens.filter((g) => g.candidates.includes('v') || g.candidates.includes('v0'));
      const [before, after] = speeds;
      if (speeds.length === 2 && before !== undefined && after !== undefined) {
        before.candidates = ['v0'];
        after.candidates = ['v'];
        after.si = -Math.abs(after.si);
        asked.magnitude = true;
      } else problem.unsupported ??= 'I could not tell the speeds before and after the bounce: give both.';
    }
    // A spring stretched or compressed: "how far" is its extension and "energy" the energy it stores.
    if (/\bspring\b/u.test(lower) && !problem.light) {
      if (
        asked.candidates.length === 1 &&
        asked.candidates[0] === 's' &&
        keywordMatches(lower).some((m) => m.ids.includes('ext'))
      )
        asked.candidates = ['ext'];
      else if (asked.candidates.length === 3 && energy) asked.candidates = ['Eel'];
    }
    assignForces(problem, lower);
  }
  const request =
    /=\s*\?\s*([A-Za-z][A-Za-z/^*0-9]*)\s*$/u.exec(text) ??
    /\b(?:in|into)\s+(?:units of\s+)?([A-Za-z][A-Za-z/^*0-9]*)(?:\s*\))?(?:\s*[?.!])?$/u.exec(text.trimEnd());
  if (request?.[1] !== undefined && parseUnit(request[1]) !== null) problem.unitRequest = request[1];
  return problem;
}

/** Words that may come before a bare target at the end ("…, find the acceleration", "…, what's its speed?"). */
const LEAD_WORDS = new Set([
  'find',
  'calculate',
  'determine',
  'compute',
  'get',
  'work',
  'out',
  "what's",
  'whats',
  'what',
  'is',
  'the',
  'its',
  'their',
  'his',
  'her',
  'and',
  'so',
  'then',
  'now',
]);
/** Words that may qualify a bare target without changing it ("final speed", "total resistance"). */
const TARGET_ADJECTIVES = new Set(['final', 'total', 'net', 'resulting', 'resultant', 'new', 'equivalent']);

/**
 * A target named as a bare noun phrase at the end: "…, acceleration", "…, kinetic energy?", "…. density?": the
 * words after the last comma, colon or full stop (or, with none, after the last value), less a few asking and
 * qualifying words, must be exactly one quantity's name. Read word by word (no pattern runs to the end).
 */
export function trailingTarget(text: string, givens: readonly Given[]): { ids: string[]; from: number } | undefined {
  const body = trimTrailing(text, /[?.!\s]/u).toLowerCase();
  let cut = Math.max(body.lastIndexOf(','), body.lastIndexOf(';'), body.lastIndexOf(':'), lastSentenceStart(body));
  const lastValue = givens.reduce<Given | undefined>(
    (x, g) => (x === undefined || g.index > x.index ? g : x),
    undefined,
  );
  let afterValue = false;
  if (lastValue !== undefined && lastValue.index >= cut) {
    // "photon wavelength 500 nm energy": the words after the last value and its unit.
    let end = lastValue.index + lastValue.numberText.length;
    while (body.charAt(end) === ' ') end += 1;
    if (lastValue.unitText !== '' && body.startsWith(lastValue.unitText.toLowerCase(), end))
      end += lastValue.unitText.length;
    cut = end;
    afterValue = true;
  }
  const words = body
    .slice(cut)
    .split(/[\s,:;?.!]+/u)
    .filter((w) => w !== '');
  if (words.length === 0 || words.length > 7 || words.some((w) => /\d/u.test(w))) return undefined;
  let start = 0;
  while (start < words.length && LEAD_WORDS.has(words[start] ?? '')) start += 1;
  while (start < words.length && TARGET_ADJECTIVES.has(words[start] ?? '')) start += 1;
  const phrase = words.slice(start).join(' ');
  if (phrase === '' || phrase.split(' ').length > 3) return undefined;
  const whole = keywordMatches(phrase).filter((m) => m.start === 0 && m.end === phrase.length);
  const [match] = whole;
  if (whole.length !== 1 || match === undefined) return undefined;
  let ids = [...match.ids];
  if (ids.includes('v') && ids.includes('v0')) ids = ['v'];
  // After a value with no comma, a noun that fits the value's unit names that value ("a 2 A current"), not the target.
  if (afterValue && lastValue !== undefined) {
    const unit = parseUnit(lastValue.unitText);
    if (lastValue.unitText === '' || unit === null || ids.some((id) => fits(id, unit.dims))) return undefined;
  }
  return { ids, from: cut };
}

const STICK =
  /\b(sticks? together|stuck together|move off together|moves? together|coupled?|couple together|lock together|join together|combine)\b/u;
const AT_REST = /\b(at rest|stationary|parked|not moving|still)\b/u;

/**
 * Two bodies and momentum: a collision where they stick together (masses m1, m2 with speeds u1, u2 in the order
 * given, a body "at rest" at 0), or a recoil (the body with a speed is m1, the one recoiling m2). Bodies moving
 * towards each other are refused: the wording would have to say which way is positive.
 */
function assignMomentum(problem: Problem, lower: string): void {
  const stick = STICK.test(lower);
  const recoil = /\brecoil/u.test(lower);
  if (!stick && !recoil) return;
  const masses = problem.givens.filter((g) => g.candidates.length === 1 && g.candidates[0] === 'm');
  const speeds = problem.givens.filter((g) => g.candidates.includes('v') || g.candidates.includes('v0'));
  const [first, second] = masses;
  if (masses.length !== 2 || first === undefined || second === undefined) return;
  if (problem.givens.length !== masses.length + speeds.length) return;
  if (/\b(towards each other|toward each other|head[- ]on|opposite directions?)\b/u.test(lower)) {
    problem.unsupported ??=
      'The two move towards each other: I solve collisions only when they move the same way or one is at rest, so I will not guess the signs.';
    return;
  }
  // Each speed belongs to the mass written just before it.
  const owner = (g: Given): Given => (g.index > second.index ? second : first);
  if (speeds.some((g) => g.index < first.index) || new Set(speeds.map(owner)).size !== speeds.length) return;
  if (recoil && !stick) {
    const [speed] = speeds;
    if (speeds.length !== 1 || speed === undefined) return;
    const mover = owner(speed);
    mover.candidates = ['m1'];
    (mover === first ? second : first).candidates = ['m2'];
    speed.candidates = ['u1'];
    return;
  }
  for (const [i, mass] of [first, second].entries()) {
    const id = `u${String(i + 1)}`;
    const speed = speeds.find((g) => owner(g) === mass);
    mass.candidates = [`m${String(i + 1)}`];
    if (speed !== undefined) {
      speed.candidates = [id];
      continue;
    }
    // "a stationary 4 kg trolley", "a 1500 kg car at rest": the words between the values on either side.
    const before = problem.givens.filter((g) => g.index < mass.index).map((g) => g.index + g.label.length);
    const after = problem.givens.filter((g) => g.index > mass.index).map((g) => g.index);
    const words = lower.slice(Math.max(0, ...before), Math.min(lower.length, ...after));
    if (!AT_REST.test(words)) {
      problem.unsupported ??= `I could not tell how fast the ${i === 0 ? 'first' : 'second'} object (${mass.label}) moves before the collision: give its speed, or say it is at rest.`;
      return;
    }
    problem.implied.push({ id, value: 0, why: 'it is at rest before the collision' });
  }
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
  // "…, acceleration", "…, find the density?": a target named at the end is the quantity asked.
  const bare = trailingTarget(text, problem.givens);
  // Only when no asking word comes before it ("what is the force on it, acceleration?" is not clear).
  if (bare !== undefined && (last === undefined || last.index >= bare.from)) {
    const tail = lower.slice(bare.from);
    // A size, as in the sentence reading below: a force, a deceleration, a speed, a stopping (braking) distance.
    const magnitude = bare.ids.includes('F') || /decelerat|speed|stopping|brak|retard|resistive/u.test(tail);
    return { candidates: bare.ids, magnitude };
  }
  const part = last === undefined ? lower.slice(lastSentenceStart(lower)) : lower.slice(last.index);
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
  // A deceleration, or a braking (retarding, stopping) force, is asked as a size.
  const magnitude =
    candidates.includes('F') ||
    /decelerat|speed|how fast/u.test(part.slice(first.start, first.end)) ||
    /\b(brak\w*|retard\w*|stopping|resistive)\s+$/u.test(part.slice(Math.max(0, first.start - 12), first.start));
  return { candidates, magnitude };
}

/** Direction words: the first group is one way along the line, the second the other. */
const ONE_WAY = /\b(right|east|north|forwards?|ahead)\b/u;
const OTHER_WAY = /\b(left|west|south|backwards?|back)\b/u;
const RESISTING = /\b(friction(al)?|drag|air resistance|resist\w*|opposing|against|retarding|braking)\b/u;
/** Motion straight up or down, where the weight is one of the forces along the motion. */
const VERTICAL =
  /\b(lift(s|ed|ing)?|rais(e|es|ed|ing)|hoist\w*|upwards?|vertical(ly)?|straight up|rockets?|elevator|crane)\b/u;
/** Asked quantities a sum of forces along the motion can lead to. */
const DYNAMICS_TARGETS = new Set(['a', 'F', 'm', 'friction', 'v', 's', 't', 'v0', 'mu']);

/**
 * Forces along the line of motion: when the question gives more than one (a push and friction, two teams pulling
 * opposite ways) or a push and a coefficient of friction, each force gets its own symbol and sign, and the net
 * force formula adds them. Forces the wording does not place (two pushes, no direction) make the question
 * unsupported rather than a guess.
 */
function assignForces(problem: Problem, lower: string): void {
  const asked = problem.asked?.candidates ?? [];
  if (!asked.every((id) => DYNAMICS_TARGETS.has(id)) || problem.incline) return;
  // Lifted, a rocket, an upward force: the weight pulls the other way (unless the force given is the net force).
  const vertical =
    VERTICAL.test(lower) && !/\bhorizontal\w*\b|\bnet force\b|\bresultant\b/u.test(lower) && !problem.verticalUp;
  const forceDims = quantity('F').dims;
  const forces = problem.givens.filter(
    (g) =>
      sameDims(quantity(g.candidates[0] ?? 't').dims, forceDims) &&
      g.candidates.some((id) => id === 'F' || id === 'friction'),
  );
  const hasMu = problem.givens.some((g) => g.candidates.includes('mu'));
  const weightGiven = problem.givens.some((g) => g.candidates.includes('weight') && g.candidates.length === 1);
  const [single] = forces;
  if (vertical && forces.length === 1 && single !== undefined && !single.candidates.includes('friction')) {
    single.candidates = ['F1'];
    problem.forces = [
      { id: 'F1', sign: 1 },
      { id: 'weight', sign: -1 },
    ];
    if (!weightGiven && !problem.givens.some((g) => g.candidates.includes('m'))) problem.forces = null;
    return;
  }
  const angle = problem.givens.some((g) => g.candidates.includes('theta'));
  if (angle && forces.length === 1 && /\b(horizontal|at an angle)\b/u.test(lower)) {
    const [only] = forces;
    if (only !== undefined && !only.candidates.includes('friction')) {
      only.candidates = ['F1'];
      problem.forceAngle = true;
      problem.verticalUp = false;
      problem.forces = [{ id: 'F1', sign: 1 }];
      return;
    }
  }
  const frictionGiven = forces.some((g) => g.candidates.includes('friction') && g.candidates.length === 1);
  // A push and the acceleration it gives: the friction is what the push has left over (F1 - Ff = m a).
  const frictionFromMotion =
    asked.includes('friction') &&
    forces.length === 1 &&
    !frictionGiven &&
    problem.givens.some((g) => g.candidates.length === 1 && g.candidates[0] === 'a');
  if (
    forces.length < 2 &&
    !frictionFromMotion &&
    !(forces.length === 1 && hasMu && !frictionGiven && !asked.includes('friction'))
  )
    return;
  if (asked.includes('friction') && forces.length < 2 && !frictionFromMotion) return;

  type Placed = { given: Given; resisting: boolean; way: 1 | -1 | 0 };
  const placed: Placed[] = forces.map((given) => {
    // The words after the value up to the next value or the end of the sentence ("23 N to the right and"), and
    // those before it back to the previous value ("pulled west with").
    const later = problem.givens.map((g) => g.index).filter((index) => index > given.index);
    const start = given.index + given.label.length;
    const after =
      (lower.slice(start, Math.min(...later, lower.length)).split(/[.!?;]/u)[0] ?? '').split(/\band\b/u)[0] ?? '';
    const earlier = problem.givens.map((g) => g.index + g.label.length).filter((end) => end <= given.index);
    const before = lastSentence(lower.slice(Math.max(0, ...earlier), given.index));
    const near = before.split(/[,;]|\band\b/u).at(-1) ?? '';
    const resisting =
      given.candidates.includes('friction') ||
      RESISTING.test(near) ||
      /^\s*(force\s+)?(opposes|opposing|resists|resisting|acts? against)\b/u.test(after);
    const way = ONE_WAY.test(after)
      ? 1
      : OTHER_WAY.test(after)
        ? -1
        : ONE_WAY.test(near)
          ? 1
          : OTHER_WAY.test(near)
            ? -1
            : 0;
    return { given, resisting, way };
  });
  const driving = placed.filter((p) => !p.resisting);
  if (driving.length === 0) return;
  if (driving.length > 1 && driving.every((p) => p.way === 0)) {
    if (/\bopposite\b|\bother way\b/u.test(lower) && driving.length === 2) {
      const [first, second] = driving;
      if (first !== undefined && second !== undefined) {
        first.way = 1;
        second.way = -1;
      }
    } else if (/\bsame direction\b|\bboth (push|pull)/u.test(lower)) {
      for (const p of driving) p.way = 1;
    } else {
      problem.unsupported ??=
        'I could not tell whether the forces act in the same direction or in opposite directions: say which (for example "20 N to the right and 5 N to the left").';
      return;
    }
  }
  // The direction of motion is the way the larger total pushes; friction always acts against it.
  const total = (way: 1 | -1): number =>
    driving.filter((p) => (p.way === 0 ? 1 : p.way) === way).reduce((sum, p) => sum + p.given.si, 0);
  const forward: 1 | -1 = total(1) >= total(-1) ? 1 : -1;
  const terms: ForceTerm[] = [];
  let number = 0;
  for (const p of placed) {
    if (p.resisting) {
      if (terms.some((t) => t.id === 'friction')) {
        problem.unsupported ??= 'The question gives more than one friction force: say which one acts.';
        return;
      }
      p.given.candidates = ['friction'];
      terms.push({ id: 'friction', sign: -1 });
      continue;
    }
    number += 1;
    if (number > 4) {
      problem.unsupported ??= 'The question gives more than four forces along the motion: I add up to four.';
      return;
    }
    const id = `F${String(number)}`;
    p.given.candidates = [id];
    terms.push({ id, sign: (p.way === 0 ? 1 : p.way) === forward ? 1 : -1 });
  }
  if (!terms.some((t) => t.id === 'friction') && (hasMu || frictionFromMotion))
    terms.push({ id: 'friction', sign: -1 });
  const along = driving.reduce((sum, p) => sum + ((p.way === 0 ? 1 : p.way) === forward ? p.given.si : -p.given.si), 0);
  const frictionGivenValue = placed.filter((p) => p.resisting).reduce((sum, p) => sum + p.given.si, 0);
  if (frictionGivenValue > 0 && along <= frictionGivenValue && !asked.includes('friction')) {
    const pushes = driving.map((p) => p.given.label).join(' and ');
    problem.invalid ??= `The friction (${placed.find((p) => p.resisting)?.given.label ?? ''}) is at least as large as the force along the motion (${pushes}): the object does not speed up, so it has no acceleration to find.`;
    return;
  }
  problem.forces = terms;
}
