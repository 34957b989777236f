import { SUPERSCRIPT_PLAIN } from '@studyease/contract/scripts';
import { chemistryTex } from './chemistryTex';

/*
 * Maths written as plain text ("x^2 - 5x + 6 = 0", "C3H8 + O2 -> CO2", "t = sqrt(2*h/g)"), found in a sentence and
 * written as TeX, so that hints, practice questions and step texts are typeset like the formulas beside them. The
 * rule is deliberately narrow: a run of words is maths only when every word in it is a term (numbers, one- or
 * two-letter variables, known functions, a chemical formula, a unit after a number) or an operator, and the run
 * has an operator, a power, a root or a chemical formula with a count. Prose never matches ("well-known", "is",
 * "A box of 5 kg"), so a false positive costs at most a change of font. Our own code: no library reads calculator
 * syntax inside English sentences.
 */

/** Element symbols, to tell "CO2" (a formula) from "MP3" or "A4"; a list of 118 short strings is lighter than a package. */
const ELEMENTS: ReadonlySet<string> = new Set(
  (
    'H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr ' +
    'Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir ' +
    'Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl ' +
    'Mc Lv Ts Og'
  ).split(' '),
);

/** Functions written by name in calculator syntax, and their TeX. */
const FUNCTIONS: Readonly<Record<string, string>> = {
  sin: '\\sin',
  cos: '\\cos',
  tan: '\\tan',
  cot: '\\cot',
  sec: '\\sec',
  csc: '\\csc',
  arcsin: '\\arcsin',
  arccos: '\\arccos',
  arctan: '\\arctan',
  log: '\\log',
  ln: '\\ln',
  exp: '\\exp',
  lim: '\\lim',
  sqrt: '\\sqrt',
  pi: '\\pi',
};

/** Two-letter words of a sentence that are never a product of two variables. */
const SMALL_WORDS: ReadonlySet<string> = new Set(
  'is to of in at on by an or as if it be we so no do up my me he us am go ok'.split(' '),
);

/** Operators standing between terms, and their TeX. */
const OPERATORS: Readonly<Record<string, string>> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '=': '=',
  '<': '<',
  '>': '>',
  '<=': '\\le',
  '>=': '\\ge',
  '≤': '\\le',
  '≥': '\\ge',
  '!=': '\\ne',
  '≠': '\\ne',
  '*': '\\cdot',
  '·': '\\cdot',
  '×': '\\times',
  '/': '/',
  '÷': '\\div',
  '±': '\\pm',
  '->': '\\rightarrow',
  '→': '\\rightarrow',
  '=>': '\\Rightarrow',
  '⇒': '\\Rightarrow',
  '≈': '\\approx',
};

/** A unit after a number: an SI unit with an optional prefix, a power, and `/` or `·` between units. */
const UNIT_PART = /^(?:[kcmµnMG]?(?:m|s|g|N|J|W|Pa|Hz|V|A|Ω|L|mol|C|eV)|h|min|K|°C|°|%)(?:\^-?\d)?$/;

/**
 * A chemical formula's shape: element symbols and groups (one level of brackets inside: K4[Fe(CN)6]) with counts, a
 * hydrate after a dot, a charge (a bare sign, or ^ with its count). Written so that every text has one reading: a
 * bracket may not hold brackets of its own kind, and a charge's count comes only after ^ (else "Fe3+" could split its
 * digits two ways), which keeps the match linear (the ReDoS test).
 */
const FORMULA_SHAPE =
  /^\d*(?:[A-Z][a-z]?\d*|[([](?:[A-Z][a-z]?\d*|\([A-Za-z\d]+\)\d*)+[)\]]\d*)+(?:[·*]\d*(?:[A-Z][a-z]?\d*)+)*(?:\^\d*[+-]|[+-])?$/;

/** A term's characters: anything else in a word makes it prose. */
const TERM_CHARS = /^[\w.^()[\]*/+\-−·×÷±=<>≤≥√π]+$/;

/**
 * A word in book notation as calculator syntax, so one rule reads both: "x²" → "x^2", "10⁻¹⁹" → "10^(-19)",
 * "O₂" → "O2" (the engines write their explanations in Unicode notation).
 */
function calculatorForm(word: string): string {
  return word
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁿ]+/g, (run) => {
      const plain = run.replace(/./gu, (character) => SUPERSCRIPT_PLAIN[character] ?? character);
      return plain.length === 1 ? `^${plain}` : `^(${plain})`;
    })
    .replace(/[₀-₉]/g, (digit) => String(digit.charCodeAt(0) - 0x2080));
}

/** A run found in a text: where it starts and ends, and its TeX. */
export interface PlainMathRun {
  start: number;
  end: number;
  tex: string;
}

/** Whether `word` is made of element symbols ("Fe", "O2", "NaCl"), with no other letters. */
function isElements(word: string): boolean {
  if (!FORMULA_SHAPE.test(word)) return false;
  return (word.match(/[A-Z][a-z]?/g) ?? []).every((symbol) => ELEMENTS.has(symbol));
}

/** Whether `word` is a chemical formula: every capital starts an element symbol, and it has a count or two symbols. */
function isFormula(word: string): boolean {
  if (!isElements(word)) return false;
  const symbols = word.match(/[A-Z][a-z]?/g) ?? [];
  // A lone capital with a lowercase letter after it ("Is", "At") is a word, not an element, unless it has a count.
  return /[A-Z][a-z]?\d|\)\d/.test(word) || (symbols.length >= 2 && !/[a-z]{2}/.test(word));
}

/** Whether `word` is a unit (after a number): "m", "kg", "m/s^2", "J·s". */
function isUnit(word: string): boolean {
  return word.split(/[/·]/).every((part) => UNIT_PART.test(part));
}

/** Whether every run of letters in `word` is a function, π, or one or two variables (never a small English word). */
function lettersAreMath(word: string): boolean {
  return (word.match(/[a-zA-Z]+/g) ?? []).every((letters) => {
    if (letters in FUNCTIONS) return true;
    if (letters.length === 1) return true;
    // "ax", "bx", "4ac", "ma": two variables side by side; not "is", "to".
    return letters.length === 2 && !SMALL_WORDS.has(letters.toLowerCase());
  });
}

type Word =
  | { kind: 'operator'; tex: string }
  | { kind: 'term'; text: string; strong: boolean; number: boolean }
  | { kind: 'formula'; text: string; counted: boolean }
  | { kind: 'unit'; text: string };

/** What one space-separated word is, or null when it is prose. */
function classify(word: string, previous: Word | undefined, chemical: boolean): Word | null {
  const operator = OPERATORS[word];
  if (operator !== undefined) return { kind: 'operator', tex: operator };
  const afterNumber = previous?.kind === 'term' && previous.number;
  // A lone symbol ("Fe") is a formula after a coefficient or in an equation that has formulas already.
  if (isFormula(word) || (isElements(word) && (afterNumber || chemical))) {
    return { kind: 'formula', text: word, counted: /\d/.test(word.replace(/^\d+/, '')) };
  }
  if (afterNumber && isUnit(word)) return { kind: 'unit', text: word };
  // A unit on its own ("in km/h") is a word of the sentence.
  if (/[/·]/.test(word) && isUnit(word)) return null;
  if (!TERM_CHARS.test(word) || !lettersAreMath(word)) return null;
  // A lone capital or a capital pair is a word ("A", "I", "OK") unless an operator stands beside it.
  const number = /^[-−]?\d+(?:\.\d+)?$/.test(word);
  // What makes a term maths on its own: a power, a root, or an operator inside it ("2x+3=7").
  const strong =
    /[\^√]|sqrt\(/.test(word) || (/[a-zA-Z]/.test(word) && /\d|[a-z]/.test(word) && /[=+*/<>≤≥]|\w[-−]\w/.test(word));
  return { kind: 'term', text: word, strong, number };
}

/** The closing parenthesis that matches the one at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '(') depth++;
    else if (text[index] === ')' && --depth === 0) return index;
  }
  return -1;
}

/** A term in calculator syntax as TeX: powers, roots, functions, products. */
export function termToTex(text: string): string {
  let tex = '';
  let index = 0;
  /** The next atom after `^` or `√`: a bracketed group, or a signed number or name. */
  const atom = (): string => {
    if (text[index] === '(') {
      const end = closing(text, index);
      if (end > index) {
        const inner = text.slice(index + 1, end);
        index = end + 1;
        return termToTex(inner);
      }
    }
    const match = /^[-−]?[\w.]+/.exec(text.slice(index));
    if (!match) return '';
    index += match[0].length;
    return termToTex(match[0]);
  };
  while (index < text.length) {
    const character = text.charAt(index);
    const two = text.slice(index, index + 2);
    const word = /^[a-zA-Z]+/.exec(text.slice(index))?.[0];
    if (word && word in FUNCTIONS) {
      index += word.length;
      if (word === 'sqrt' && text[index] === '(') tex += `\\sqrt{${atom()}}`;
      else tex += `${FUNCTIONS[word] ?? word} `;
    } else if (character === '^') {
      index++;
      tex += `^{${atom()}}`;
    } else if (character === '√') {
      index++;
      tex += `\\sqrt{${atom()}}`;
    } else if (two in OPERATORS && two.length === 2) {
      tex += ` ${OPERATORS[two] ?? two} `;
      index += 2;
    } else if (character !== '/' && character !== '-' && character in OPERATORS) {
      tex += ` ${OPERATORS[character] ?? character} `;
      index++;
    } else if (character === 'π') {
      tex += '\\pi ';
      index++;
    } else {
      tex += character === '[' ? '\\lbrack ' : character === ']' ? '\\rbrack ' : character;
      index++;
    }
  }
  return tex.replace(/ {2,}/g, ' ').trim();
}

/**
 * The length of a text without the run of `marks` it ends with; scanned from the end, where /[.,;:]+$/ would try
 * every start in a long run of them (the ReDoS test).
 */
export function trimmedLength(text: string, marks: string): number {
  let end = text.length;
  while (end > 0 && marks.includes(text.charAt(end - 1))) end--;
  return end;
}

/**
 * A charge at the end of a formula: "^2+", "3+" or "-". Without ^ the count must not follow another digit, so the
 * match can only start at the run of digits' start (linear, where /\^?(\d*)([+-])$/ tried every digit of a long run).
 */
const CHARGE = /(?:\^|(?<!\d))(\d*)([+-])$/;

/** A chemical formula as upright TeX with subscript counts: "Fe2O3" → \mathrm{Fe}_{2}\mathrm{O}_{3}. */
export function formulaToTex(formula: string): string {
  const coefficient = /^\d+/.exec(formula)?.[0] ?? '';
  const body = formula
    .slice(coefficient.length)
    .replace(CHARGE, (_, count: string, sign: string) => `^{${count}${sign}}`)
    .replace(/([A-Za-z)\]])(\d+)/g, '$1_{$2}')
    .replace(/[·*]/g, '\\cdot ');
  return `${coefficient ? `${coefficient}\\,` : ''}${chemistryTex(`\\mathrm{${body}}`)}`;
}

function wordToTex(word: Word): string {
  switch (word.kind) {
    case 'operator':
      return word.tex;
    case 'formula':
      return formulaToTex(word.text);
    case 'unit':
      return `\\,\\mathrm{${word.text
        .replace(/\^(-?\d)/g, '^{$1}')
        .replace(/·/g, '\\cdot ')
        .replace(/%/g, '\\%')}}`;
    case 'term':
      return termToTex(word.text);
  }
}

/** Whether a run of words is maths: an operator between terms, a power or root, or a formula with a count. */
function isMath(words: readonly Word[]): boolean {
  const terms = words.filter((word) => word.kind !== 'operator');
  if (terms.length === 0 || words[0]?.kind === 'operator' || words.at(-1)?.kind === 'operator') return false;
  const hasOperator = words.some((word) => word.kind === 'operator');
  const strong = words.some(
    (word) => (word.kind === 'term' && word.strong) || (word.kind === 'formula' && word.counted),
  );
  // Only numbers around an operator ("3 - 4 hours", "1/2") stay text: nothing there needs typesetting.
  const symbolic = words.some((word) => word.kind === 'formula' || (word.kind === 'term' && !word.number));
  return strong || (hasOperator && symbolic);
}

/** Whether the brackets of a run pair up (a run cut inside a bracket is left as text). */
function balanced(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    if (character === '(') depth++;
    else if (character === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The runs of plain-text maths in a sentence, each with its TeX.
 * @param text a sentence or paragraph of plain text (no Markdown, no `$…$`)
 * @returns the runs in order; none overlap
 */
export function findPlainMath(text: string): PlainMathRun[] {
  const runs: PlainMathRun[] = [];
  // Cast, not annotated: the closure below resets it, which narrowing after `= null` would not see.
  let current = null as { start: number; end: number; words: Word[] } | null;
  const close = () => {
    if (current) {
      // A run ends on a term: an operator left hanging goes back to the text.
      while (current.words.at(-1)?.kind === 'operator') current.words.pop();
      // In an equation with formulas, a lone symbol read before the first formula ("Fe + O2") is one too.
      if (current.words.some((word) => word.kind === 'formula')) {
        current.words = current.words.map((word) =>
          word.kind === 'term' && isElements(word.text) ? { kind: 'formula', text: word.text, counted: false } : word,
        );
      }
      const source = text.slice(current.start, current.end);
      if (isMath(current.words) && balanced(source)) {
        runs.push({ start: current.start, end: current.end, tex: current.words.map(wordToTex).join(' ') });
      }
    }
    current = null;
  };
  for (const match of text.matchAll(/\S+/g)) {
    const raw = match[0];
    // Punctuation that ends a clause ends the run too ("x = 2, x = 3.").
    const trailing = raw.slice(trimmedLength(raw, '.,;:!?'));
    const word = raw.slice(0, raw.length - trailing.length);
    const start = match.index;
    const previous: Word | undefined = current?.words.at(-1);
    // Two terms in a row belong together only as a number and its unit or a coefficient and a formula.
    const chemical = current?.words.some((known) => known.kind === 'formula') ?? false;
    const kind: Word | null = word ? classify(calculatorForm(word), previous, chemical) : null;
    const joins =
      kind !== null &&
      current !== null &&
      (kind.kind === 'operator' ||
        previous?.kind === 'operator' ||
        kind.kind === 'unit' ||
        (kind.kind === 'formula' && previous?.kind === 'term' && previous.number));
    if (kind === null) {
      close();
    } else if (joins && current) {
      current.words.push(kind);
      current.end = start + word.length;
    } else {
      close();
      current = { start, end: start + word.length, words: [kind] };
    }
    if (trailing) close();
  }
  close();
  return runs;
}
