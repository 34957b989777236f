import { ARITHMETIC_CHECK_KIND, type Check } from '@studyease/contract';

/**
 * Finds the arithmetic a text states ("3 × 4 = 12", "10 / 4 = 2.5", "5 kg × 9.8 m/s² = 49 N") and recomputes
 * each statement from the numbers as shown. Used on an AI model's answer, whose working nobody else checks, so a
 * student sees which calculation is wrong. Our own scanner: no library finds calculations in prose, and a general
 * expression parser would also read what we must leave alone (algebra such as `2x + 3 = 11`, percentages, powers
 * of ten written as superscripts). A statement it cannot read whole is skipped, never guessed.
 *
 * The scan is linear in the text (one tokenizing pass, and each token starts at most one statement attempt that
 * ends where it failed), so a long or hostile text cannot make it slow.
 */

/** One calculation found in the text. */
export interface ArithmeticStatement {
  /** The statement as found, tidied (`3 × 4 = 12`). */
  text: string;
  /** The left side as shown (`3 × 4`). */
  left: string;
  /** The result the text states. */
  stated: number;
  /** The left side recomputed. */
  computed: number;
  /** The recomputed value shown to the stated result's decimals (`12`, `3.33`). */
  computedText: string;
  /** Whether the stated result is the computed one to its last shown digit. */
  correct: boolean;
}

type Op = '+' | '-' | '×' | '/' | '^';

interface NumberToken {
  type: 'num';
  value: number;
  /** Digits after the decimal point as written. */
  decimals: number;
  raw: string;
  unit: string | null;
  /** Letters or other symbols stuck to the number that are not a unit (`2x`, `20%`, `3²`): not arithmetic. */
  attached: boolean;
  spaceBefore: boolean;
}

interface OtherToken {
  type: 'op' | 'eq' | 'word' | 'other';
  text: string;
  spaceBefore: boolean;
}

type Token = NumberToken | OtherToken;

/** Units a number may carry (longest first where one is the start of another); an unknown word is not a unit. */
const UNITS = [
  'kg·m/s²',
  'kg·m/s',
  'kg/m³',
  'kg/m^3',
  'g/cm³',
  'g/cm^3',
  'm/s²',
  'm/s^2',
  'm/s',
  'km/h',
  'g/mol',
  'mol/L',
  'N·m',
  'J/s',
  'kJ',
  'kW',
  'kPa',
  'kg',
  'km',
  'cm',
  'mm',
  'mg',
  'mL',
  'ml',
  'mol',
  'min',
  'atm',
  'Pa',
  'Hz',
  'm²',
  'm³',
  'm^2',
  'm^3',
  '°C',
  '°',
  'Ω',
  'm',
  's',
  'g',
  'h',
  'N',
  'J',
  'W',
  'L',
  'K',
  'V',
  'A',
] as const;

const OPERATORS: Readonly<Record<string, Op>> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '–': '-',
  '×': '×',
  '*': '×',
  '·': '×',
  '⋅': '×',
  '∙': '×',
  '÷': '/',
  '/': '/',
  '^': '^',
};

/** LaTeX a model writes in its working, read as the plain symbols. */
const LATEX: readonly (readonly [string, string])[] = [
  ['\\times', '×'],
  ['\\cdot', '·'],
  ['\\div', '÷'],
  ['\\approx', '≈'],
  ['\\left', ''],
  ['\\right', ''],
  ['\\(', ' '],
  ['\\)', ' '],
  ['\\[', ' '],
  ['\\]', ' '],
  // Markdown bold around a result (`= **12**`) is not a multiplication.
  ['**', ' '],
];

const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';
const isLetter = (char: string | undefined): boolean => char !== undefined && /\p{L}/u.test(char);
const isSpace = (char: string | undefined): boolean => char === ' ' || char === '\t' || char === '\u00a0';

/** Reads a number at `at`: digits, thousands groups of three (`1,000`), a decimal part. */
function readNumber(text: string, at: number): { raw: string; end: number } {
  let end = at;
  while (isDigit(text[end])) end += 1;
  // `1,000` (groups of exactly three digits) is one number; `2, 3` and `3,5` are not.
  while (text[end] === ',' && isDigit(text[end + 1]) && isDigit(text[end + 2]) && isDigit(text[end + 3])) {
    if (isDigit(text[end + 4])) break;
    end += 4;
  }
  if (text[end] === '.' && isDigit(text[end + 1])) {
    end += 1;
    while (isDigit(text[end])) end += 1;
  }
  return { raw: text.slice(at, end), end };
}

/** The unit written at `at` (after a number), or null; it must end where a word ends. */
function unitAt(text: string, at: number, spaced: boolean): string | null {
  for (const unit of UNITS) {
    if (!text.startsWith(unit, at)) continue;
    const after = text[at + unit.length];
    if (isLetter(after) || isDigit(after) || after === '²' || after === '³') continue;
    // A single letter stuck to a number is an unknown (`2m`, `3x`), not a unit: only `2 m` is metres.
    if (!spaced && unit.length === 1) continue;
    return unit;
  }
  return null;
}

function tokenize(source: string): Token[] {
  let text = source;
  for (const [from, to] of LATEX) text = text.split(from).join(to);
  const tokens: Token[] = [];
  let at = 0;
  let spaceBefore = false;
  while (at < text.length) {
    const char = text[at] ?? '';
    if (isSpace(char)) {
      spaceBefore = true;
      at += 1;
      continue;
    }
    if (isDigit(char)) {
      const { raw, end } = readNumber(text, at);
      let next = end;
      let spaces = 0;
      while (isSpace(text[next]) && spaces < 2) {
        next += 1;
        spaces += 1;
      }
      const unit = spaces <= 1 ? unitAt(text, next, spaces === 1) : null;
      const stuck = text[end];
      // `x` between two numbers (`3 x 4`) is a times sign, read as an operator below, not a letter stuck on.
      const attached = unit === null && stuck !== undefined && (isLetter(stuck) || '%²³⁰¹⁴⁵⁶⁷⁸⁹‰!'.includes(stuck));
      const decimals = raw.includes('.') ? raw.length - raw.indexOf('.') - 1 : 0;
      tokens.push({
        type: 'num',
        value: Number(raw.replaceAll(',', '')),
        decimals,
        raw,
        unit,
        attached,
        spaceBefore,
      });
      at = unit === null ? end : next + unit.length;
      spaceBefore = false;
      continue;
    }
    const op = OPERATORS[char];
    if (op) {
      tokens.push({ type: 'op', text: op, spaceBefore });
      at += 1;
    } else if (char === '=' || char === '≈') {
      tokens.push({ type: 'eq', text: char, spaceBefore });
      at += 1;
    } else if (isLetter(char)) {
      let end = at + 1;
      while (isLetter(text[end])) end += 1;
      const word = text.slice(at, end);
      // `3 x 4`: a lone x between spaced numbers is a times sign.
      const previous = tokens.at(-1);
      const timesSign =
        word === 'x' &&
        spaceBefore &&
        isSpace(text[end]) &&
        previous?.type === 'num' &&
        isDigit(nextVisible(text, end));
      tokens.push(timesSign ? { type: 'op', text: '×', spaceBefore } : { type: 'word', text: word, spaceBefore });
      at = end;
    } else {
      tokens.push({ type: 'other', text: char, spaceBefore });
      at += 1;
    }
    spaceBefore = false;
  }
  return tokens;
}

function nextVisible(text: string, at: number): string | undefined {
  let index = at;
  while (isSpace(text[index])) index += 1;
  return text[index];
}

const PRECEDENCE: Readonly<Record<Op, number>> = { '+': 1, '-': 1, '×': 2, '/': 2, '^': 3 };

/** Evaluates numbers and operators with the usual precedence (`^` binds right). */
function evaluate(values: readonly number[], ops: readonly Op[]): number {
  const output: number[] = [values[0] ?? Number.NaN];
  const pending: Op[] = [];
  const apply = (): void => {
    const op = pending.pop();
    const right = output.pop() ?? Number.NaN;
    const left = output.pop() ?? Number.NaN;
    if (op === '+') output.push(left + right);
    else if (op === '-') output.push(left - right);
    else if (op === '×') output.push(left * right);
    else if (op === '/') output.push(left / right);
    else output.push(left ** right);
  };
  ops.forEach((op, index) => {
    while (pending.length > 0) {
      const top = pending.at(-1);
      if (top === undefined || PRECEDENCE[top] < PRECEDENCE[op] || (op === '^' && top === '^')) break;
      apply();
    }
    pending.push(op);
    output.push(values[index + 1] ?? Number.NaN);
  });
  while (pending.length > 0) apply();
  return output[0] ?? Number.NaN;
}

/** Whether a token may stand right before a statement: prose, punctuation or an `=`, not more of an expression. */
function opensStatement(previous: Token | undefined, first: Token): boolean {
  if (!previous) return true;
  if (previous.type === 'op') return false;
  if (previous.type === 'eq') return true;
  if (first.spaceBefore) return true;
  // Stuck to the statement: a line break, an opening bracket or a maths delimiter; not a decimal point or a comma.
  return previous.type === 'other' && !'.,)]}'.includes(previous.text);
}

interface Term {
  value: number;
  decimals: number;
  text: string;
  unit: string | null;
  /** Index of the token after the term. */
  end: number;
}

/** A signed number at `index` (`-3`, `−4.5`), or null. */
function termAt(tokens: readonly Token[], index: number, signAllowed: boolean): Term | null {
  let sign = 1;
  let at = index;
  const first = tokens[at];
  if (signAllowed && first?.type === 'op' && first.text === '-') {
    const next = tokens[at + 1];
    if (next?.type !== 'num' || next.spaceBefore) return null;
    sign = -1;
    at += 1;
  }
  const token = tokens[at];
  if (token?.type !== 'num' || token.attached) return null;
  const unit = token.unit ? ` ${token.unit}` : '';
  return {
    value: sign * token.value,
    decimals: token.decimals,
    text: `${sign < 0 ? '−' : ''}${token.raw}${unit}`,
    unit: token.unit,
    end: at + 1,
  };
}

const SYMBOL: Readonly<Record<Op, string>> = { '+': '+', '-': '−', '×': '×', '/': '/', '^': '^' };

/** The result written after `=`: a number, or one in scientific notation (`1.2 × 10^5`). */
function resultAt(tokens: readonly Token[], index: number): Term | null {
  const base = termAt(tokens, index, true);
  if (!base) return null;
  const times = tokens[base.end];
  const ten = tokens[base.end + 1];
  const caret = tokens[base.end + 2];
  if (
    times?.type === 'op' &&
    times.text === '×' &&
    ten?.type === 'num' &&
    ten.raw === '10' &&
    caret?.type === 'op' &&
    caret.text === '^'
  ) {
    const exponent = termAt(tokens, base.end + 3, true);
    if (!exponent || !Number.isInteger(exponent.value)) return null;
    return {
      value: base.value * 10 ** exponent.value,
      // The last shown digit of 1.20 × 10^5 is in the thousands: 2 decimals less 5.
      decimals: base.decimals - exponent.value,
      text: `${base.text} × 10^${exponent.text}`,
      unit: exponent.unit,
      end: exponent.end,
    };
  }
  return base;
}

/** Whether the statement ends at `index`: no more of an expression follows its result. */
function closesStatement(tokens: readonly Token[], index: number): boolean {
  const next = tokens[index];
  if (!next) return true;
  if (next.type === 'op') {
    // `= 12.` ends a sentence; `= 12 + 3` or `= 12 / 4` goes on.
    return false;
  }
  if (next.type === 'num' && !next.spaceBefore) return false;
  return !(next.type === 'word' && !next.spaceBefore);
}

/** Formats `value` to `decimals` places (fewer than zero: rounded to tens, hundreds…), without float noise. */
function shownAs(value: number, decimals: number): string {
  if (decimals >= 0) return value.toFixed(Math.min(decimals, 20));
  const unit = 10 ** -decimals;
  return String(Math.round(value / unit) * unit);
}

/** Whether `computed` shows as `stated` to the stated number's last digit (half a unit of it either way). */
function agrees(computed: number, stated: number, decimals: number): boolean {
  if (!Number.isFinite(computed)) return false;
  const halfUnit = 0.5 * 10 ** -decimals;
  // The float error of the recomputation must not decide a tie.
  return Math.abs(computed - stated) <= halfUnit + 1e-9 * Math.max(1, Math.abs(stated));
}

/** Longest text scanned; a model's answer is far shorter, and the scan stays bounded whatever it is sent. */
const MAX_TEXT = 100_000;

/**
 * Every calculation the text states, recomputed.
 * @param text a model's answer (Markdown, maybe with LaTeX symbols)
 * @returns the statements in the order they appear; algebra, unknown symbols and mixed units are skipped
 */
export function findArithmetic(text: string): ArithmeticStatement[] {
  const tokens = tokenize(text.slice(0, MAX_TEXT));
  const found: ArithmeticStatement[] = [];
  let index = 0;
  while (index < tokens.length) {
    const first = tokens[index];
    const start = first && opensStatement(tokens[index - 1], first) ? termAt(tokens, index, true) : null;
    if (!start) {
      index += 1;
      continue;
    }
    const terms: Term[] = [start];
    const ops: Op[] = [];
    let at = start.end;
    for (;;) {
      const op = tokens[at];
      if (op?.type !== 'op') break;
      const term = termAt(tokens, at + 1, op.text !== '^');
      if (!term) break;
      ops.push(op.text as Op);
      terms.push(term);
      at = term.end;
    }
    const eq = tokens[at];
    const sign = eq?.type === 'eq' ? eq.text : null;
    const result = ops.length > 0 && sign !== null ? resultAt(tokens, at + 1) : null;
    // Units: a sum or difference must add like to like (`2 m + 3 = 11` is algebra about m, not arithmetic).
    const additive = ops.some((op) => op === '+' || op === '-');
    const units = new Set([...terms, ...(result ? [result] : [])].map((term) => term.unit));
    if (result && closesStatement(tokens, result.end) && (!additive || units.size === 1)) {
      const computed = evaluate(
        terms.map((term) => term.value),
        ops,
      );
      const left = terms.map((term, i) => (i === 0 ? term.text : `${SYMBOL[ops[i - 1] ?? '+']} ${term.text}`));
      const leftText = left.join(' ').replaceAll(' ^ ', '^');
      const resultText = result.text;
      found.push({
        text: `${leftText} ${sign ?? '='} ${resultText}`,
        left: leftText,
        stated: result.value,
        computed,
        computedText: shownAs(computed, result.decimals),
        correct: agrees(computed, result.value, result.decimals),
      });
      // The result may open the next statement of a chain (`= 12 × 2 = 24` is not one, but `F = 5 × 2 = 10` is).
      index = at + 1;
      continue;
    }
    // Nothing inside a run that failed can open a statement (each would follow an operator): go past it.
    index = Math.max(index + 1, at);
  }
  return found;
}

/**
 * The checks of a text's arithmetic: one failed check naming each wrong calculation, or one passed check saying
 * how many were recomputed; none when the text states no calculation.
 * @param text a model's answer
 */
export function arithmeticChecks(text: string): Check[] {
  const statements = findArithmetic(text);
  if (statements.length === 0) return [];
  const wrong = statements.filter((statement) => !statement.correct);
  if (wrong.length === 0) {
    const count = statements.length === 1 ? 'The one calculation' : `All ${String(statements.length)} calculations`;
    return [
      {
        kind: ARITHMETIC_CHECK_KIND,
        passed: true,
        detail: `${count} shown in the working recomputed: right. The answer itself was not checked.`,
      },
    ];
  }
  return wrong.map((statement) => ({
    kind: ARITHMETIC_CHECK_KIND,
    passed: false,
    detail: `${statement.text} is wrong: ${statement.left} = ${statement.computedText}.`,
  }));
}
