/**
 * Chemical formulas and species (a formula with an optional coefficient, charge and state).
 *
 * Accepted syntax (documented here because several notations are in use and some are ambiguous):
 * - elements are a capital letter and lowercase letters (`Na`, `Cl`); `CO` is carbon + oxygen, `Co` is cobalt;
 *   a symbol that is not an element (`Xy`, `D`) is an error, never skipped;
 * - counts follow an element or a group: `H2O`, `Ca(OH)2`, `K4[Fe(CN)6]`, `{ }` works like `( )`;
 * - hydrates and adducts join parts with `·`, `•`, `*` or `.`, each part with an optional multiplier:
 *   `CuSO4·5H2O`, `CuSO4*5H2O`, `CuSO4.5H2O`;
 * - charges: `^` then the charge (`Fe^3+`, `SO4^2-`, `Fe^+3`, `NH4^+`, LaTeX `^{2-}`), Unicode superscripts
 *   (`Fe³⁺`, `SO₄²⁻`), or a bare trailing sign for a charge of one (`NH4+`, `OH-`, `Cl-`) or a repeated sign
 *   (`Fe+++`). A single element, one digit and a sign (`Fe3+`, `Cu2+`, `O2-`) is the monatomic ion with that
 *   charge, as students usually mean it. Anything else where digits run into a bare sign (`SO42-`) is ambiguous
 *   (count 42, or count 4 and charge 2-?) and refused with the `^` spelling to use;
 * - the electron is `e-` (also `e^-`, `e⁻`);
 * - states `(s)`, `(l)`, `(g)`, `(aq)` and the arrows `↑` `↓` after a formula are ignored;
 * - a leading number is the coefficient in an equation: `2H2O`, `2 H2O`, `1/2 O2`.
 */

/** An input error a student can fix; its message is shown as the reason. */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
export class ChemError extends Error {
  override name = 'ChemError';
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * Brings Unicode spellings to the ASCII syntax above: subscript digits, superscript charges, minus signs, arrows.
 * Formulas keep their shape otherwise, so an answer can show them as the student typed them.
 */
export function normalizeChemText(text: string): string {
  let out = '';
  let superscript = '';
  const flush = (): void => {
    if (superscript) out += `^${superscript}`;
    superscript = '';
  };
  for (const char of text.normalize('NFC')) {
    const sub = SUBSCRIPTS.indexOf(char);
    const sup = SUPERSCRIPTS.indexOf(char);
    if (sup >= 0) superscript += String(sup);
    else if (char === '⁺') superscript += '+';
    else if (char === '⁻') superscript += '-';
    else {
      flush();
      if (sub >= 0) out += String(sub);
      else if (char === '−' || char === '–' || char === '‒') out += '-';
      else if (char === '→' || char === '⟶' || char === '⇒' || char === '➝') out += '->';
      else if (char === '⇌' || char === '⇄' || char === '↔' || char === '⟷' || char === '⇋') out += '<=>';
      else if (char === '•' || char === '∙' || char === '⋅') out += '·';
      else if (char === '\u00a0') out += ' ';
      else out += char;
    }
  }
  flush();
  return out;
}

export type AtomCounts = Map<string, number>;

function addInto(target: AtomCounts, source: AtomCounts, times: number): void {
  for (const [symbol, count] of source) target.set(symbol, (target.get(symbol) ?? 0) + count * times);
}

const OPEN_TO_CLOSE: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/**
 * @param body a formula without coefficient, charge or state (`Ca(OH)2`, `CuSO4·5H2O`)
 * @param isElement whether a symbol names an element
 * @returns atom counts per element symbol
 * @throws ChemError naming what is wrong (unknown symbol, unbalanced bracket, stray character)
 */
export function parseFormula(body: string, isElement: (symbol: string) => boolean): AtomCounts {
  const text = body.trim();
  if (!text) throw new ChemError('An empty formula.');
  const total: AtomCounts = new Map();
  // Hydrate separators: `.` only between formula parts (a decimal point never appears inside a formula).
  // Spaces before a dot are matched only from their first one (a match from each space is quadratic).
  const parts = text.split(/(?:(?<!\s)\s+)?[·*.]\s*/);
  for (const part of parts) {
    const match = /^(\d+)?\s*(.*)$/s.exec(part);
    const multiplier = match?.[1] ? Number(match[1]) : 1;
    const rest = match?.[2] ?? '';
    if (!rest) throw new ChemError(`"${text}" has an empty part.`);
    if (multiplier === 0) throw new ChemError(`"${text}" multiplies a part by 0.`);
    let position = 0;
    const readCount = (): number => {
      const digits = /^\d+/.exec(rest.slice(position));
      if (!digits) return 1;
      position += digits[0].length;
      const count = Number(digits[0]);
      if (count === 0) throw new ChemError(`"${text}" has a count of 0.`);
      return count;
    };
    const readSequence = (close: string | undefined): AtomCounts => {
      const counts: AtomCounts = new Map();
      while (position < rest.length) {
        const char = rest[position]!;
        if (close !== undefined && char === close) return counts;
        const closing = OPEN_TO_CLOSE[char];
        if (closing) {
          position++;
          const inner = readSequence(closing);
          if (rest[position] !== closing) throw new ChemError(`"${text}" has "${char}" without its "${closing}".`);
          if (inner.size === 0) throw new ChemError(`"${text}" has empty brackets.`);
          position++;
          addInto(counts, inner, readCount());
          continue;
        }
        const symbol = /^[A-Z][a-z]*/.exec(rest.slice(position))?.[0];
        if (!symbol) {
          if (/[)\]}]/.test(char)) throw new ChemError(`"${text}" has a "${char}" that closes nothing.`);
          throw new ChemError(`"${text}" has an unexpected "${char}".`);
        }
        if (!isElement(symbol)) throw new ChemError(`"${symbol}" (in ${text}) is not an element symbol.`);
        position += symbol.length;
        addInto(counts, new Map([[symbol, 1]]), readCount());
      }
      if (close !== undefined) throw new ChemError(`"${text}" has a bracket that is never closed.`);
      return counts;
    };
    addInto(total, readSequence(undefined), multiplier);
  }
  return total;
}

export interface Species {
  /** The formula as typed (state kept), without its coefficient: what the answer shows. */
  text: string;
  /** The formula alone (no coefficient, charge or state). */
  body: string;
  atoms: AtomCounts;
  charge: number;
  electron: boolean;
  /** The coefficient written in front, if any (numerator/denominator). */
  coefficient: { n: bigint; d: bigint } | undefined;
}

// Spaces before the state are trimmed by the callers: `\s*` in front would be tried from each space of a run.
const STATE = /(\((?:aq|s|l|g|ℓ|sol|cr)\)|↑|↓)\s*$/i;

/**
 * @param raw one term of an equation or a formula on its own (`2 Fe^3+(aq)`, `CuSO4·5H2O`)
 * @throws ChemError when it is not a formula in the syntax above
 */
export function parseSpecies(raw: string, isElement: (symbol: string) => boolean): Species {
  let rest = normalizeChemText(raw).trim();
  let coefficient: Species['coefficient'];
  const coefficientMatch =
    /^(\d+)(?:\s*\/\s*(\d+))?\s*(?=[A-Z([{e])/.exec(rest) ?? /^(\d*\.\d+)\s*(?=[A-Z([{e])/.exec(rest);
  if (coefficientMatch) {
    const written = coefficientMatch[1]!;
    if (written.includes('.')) {
      const [whole = '', fraction = ''] = written.split('.');
      coefficient = { n: BigInt(whole + fraction || '0'), d: 10n ** BigInt(fraction.length) };
    } else {
      coefficient = { n: BigInt(written), d: BigInt(coefficientMatch[2] ?? '1') };
    }
    if (coefficient.n === 0n || coefficient.d === 0n) throw new ChemError(`"${raw.trim()}" has a coefficient of 0.`);
    rest = rest.slice(coefficientMatch[0].length);
  }
  const text = rest.trim();
  let core = text;
  for (let state = STATE.exec(core); state; state = STATE.exec(core)) core = core.slice(0, state.index).trimEnd();
  core = core.trim();

  let charge = 0;
  const caret =
    /\^\{?(\d*)([+-])\}?$/.exec(core) ?? /\^\{?([+-])(\d+)\}?$/.exec(core) ?? /\^\{?([+-]{2,})\}?$/.exec(core);
  if (caret) {
    const [digits, sign] =
      /\d/.test(caret[1]!) || caret[1] === '' ? [caret[1]!, caret[2]!] : [caret[2] ?? '', caret[1]!];
    if (sign.length > 1) charge = sign.length * (sign[0] === '+' ? 1 : -1);
    else charge = (digits === '' ? 1 : Number(digits)) * (sign === '+' ? 1 : -1);
    core = core.slice(0, caret.index);
  } else {
    const signs = /(?<![+-])([+-]+)$/.exec(core);
    if (signs) {
      const sign = signs[1]!;
      const before = core.slice(0, signs.index);
      const direction = sign[0] === '+' ? 1 : -1;
      if (sign.length > 1) {
        if (!/^[+]+$|^[-]+$/.test(sign)) throw new ChemError(`"${text}" has a mixed charge "${sign}".`);
        charge = sign.length * direction;
        core = before;
      } else if (/^[A-Z][a-z]?[1-9]$/.test(before) && isElement(before.slice(0, -1))) {
        // `Fe3+`: a monatomic ion, the digit is its charge.
        charge = Number(before.slice(-1)) * direction;
        core = before.slice(0, -1);
      } else if (/[A-Za-z)\]}]\d{2,}$/.test(before)) {
        const digits = /(?<!\d)\d+$/.exec(before)![0];
        throw new ChemError(
          `"${text}" is ambiguous: write the charge after ^, e.g. ${before.slice(0, -1)}^${digits.slice(-1)}${sign}.`,
        );
      } else {
        charge = direction;
        core = before;
      }
    }
  }
  core = core.trim();
  if (core === 'e') {
    if (charge !== -1) throw new ChemError(`The electron is written e- (it has charge 1-), not "${text}".`);
    return { text, body: 'e', atoms: new Map(), charge, electron: true, coefficient };
  }
  if (!core) throw new ChemError(`"${raw.trim()}" is not a formula.`);
  if (/[+^]/.test(core)) throw new ChemError(`"${text}" has a charge I cannot read; write it like Fe^3+ or SO4^2-.`);
  return { text, body: core, atoms: parseFormula(core, isElement), charge, electron: false, coefficient };
}

/** @returns a canonical key (atoms in symbol order and the charge): equal for equal species however written */
export function speciesKey(species: Pick<Species, 'atoms' | 'charge'>): string {
  const atoms = [...species.atoms.entries()]
    .filter(([, count]) => count !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([symbol, count]) => `${symbol}${count}`)
    .join('');
  return `${atoms}|${species.charge}`;
}

/**
 * A second, independent atom counter for the checks: a flat token scan with a stack of multipliers, instead of
 * the recursive parser above. Both agreeing is what "atoms counted" means in a check.
 */
export function countAtomsIndependently(body: string): AtomCounts {
  const total: AtomCounts = new Map();
  if (body === 'e') return total;
  for (const part of body.split(/[·*.]/)) {
    const lead = /^\s*(\d*)/.exec(part)!;
    const partMultiplier = lead[1] ? Number(lead[1]) : 1;
    const tokens = part.slice(lead[0].length).match(/[A-Z][a-z]*|\d+|[()[\]{}]/g) ?? [];
    // Walk from the right: a count seen before a closing bracket (right to left) applies to the whole group.
    const stack: number[] = [partMultiplier];
    let pending = 1;
    for (let i = tokens.length - 1; i >= 0; i--) {
      const token = tokens[i]!;
      if (/^\d+$/.test(token)) pending = Number(token);
      else if (/[)\]}]/.test(token)) {
        stack.push(stack[stack.length - 1]! * pending);
        pending = 1;
      } else if (/[([{]/.test(token)) stack.pop();
      else {
        total.set(token, (total.get(token) ?? 0) + stack[stack.length - 1]! * pending);
        pending = 1;
      }
    }
  }
  return total;
}

/** @returns the formula typeset for LaTeX: counts as subscripts, charge as a superscript */
export function formulaLatex(text: string): string {
  const normalized = normalizeChemText(text).trim();
  if (/^e(\^?-)$/.test(normalized.replace(/\^\{?-\}?/, '-'))) return 'e^{-}';
  let core = normalized;
  let state = '';
  const stateMatch = STATE.exec(core);
  if (stateMatch) {
    state = `\\,\\mathrm{${stateMatch[1]!.replace(/[↑↓]/, (arrow) => (arrow === '↑' ? '\\uparrow' : '\\downarrow'))}}`;
    core = core.slice(0, stateMatch.index).trimEnd();
  }
  let charge = '';
  // Linear: the charge after a `^` stops at the next `^`, and a run of signs is tried from its start only.
  const chargeMatch = /\^\{?([^}^]*)\}?$/.exec(core) ?? /(?<![+-])(\d?[+-]+)$/.exec(core);
  if (chargeMatch) {
    charge = `^{${chargeMatch[1]}}`;
    core = core.slice(0, chargeMatch.index);
  }
  const body = core
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/(?:(?<!\s)\s+)?[*.·]\s*/g, '\\cdot ')
    .replace(/([A-Za-z)\]])(\d+)/g, '$1_{$2}');
  return `\\mathrm{${body}}${charge}${state}`;
}
