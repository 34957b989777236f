import type { MathFieldMode } from './mathField';

/*
 * The math keyboard's LaTeX (what MathLive's <math-field> holds) turned into the calculator input the engines read:
 * `\frac{a}{b}` → `(a)/(b)`, `\sqrt[3]{x}` → `x^(1/3)`, `\int_0^3 x^2\,dx` → `integrate x^2 dx from 0 to 3`,
 * `H_2O` → `H2O`. Only the LaTeX our keyboard layouts and MathLive's typing produce is read; anything else is refused
 * with a plain-words reason rather than guessed, so an engine never solves something the student did not write.
 * Our own code: MathLive's own export (`convertLatexToAsciiMath`) writes AsciiMath, which the engines do not read
 * (`int_0^3`, `lim_(x->0)`), and it would put the whole library into the code that sends a question.
 */

export type MathFieldReading = { ok: true; text: string } | { ok: false; reason: string };

/** A reason shown to the student: thrown while reading, returned as `{ ok: false }`. */
class Unreadable extends Error {}

const EMPTY_BOX = 'One of the boxes in your maths is still empty. Fill it in (or delete it), then send.';

/** Whether a token or node is the character `char`. */
const isChar = (item: { kind: string; char?: string } | undefined, char: string): boolean =>
  item?.kind === 'char' && item.char === char;

// ── Tokens ──────────────────────────────────────────────────────────────────────────────────────────────────────

type Token =
  | { kind: 'command'; name: string }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'sup' }
  | { kind: 'sub' }
  | { kind: 'align' }
  | { kind: 'char'; char: string };

function tokenize(latex: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < latex.length;) {
    const char = latex.charAt(i);
    if (char === '\\') {
      const word = /^[a-zA-Z]+/.exec(latex.slice(i + 1))?.[0];
      const name = word ?? latex.charAt(i + 1);
      tokens.push({ kind: 'command', name });
      i += 1 + name.length;
      continue;
    }
    i++;
    if (/\s/.test(char)) continue;
    if (char === '{') tokens.push({ kind: 'open' });
    else if (char === '}') tokens.push({ kind: 'close' });
    else if (char === '^') tokens.push({ kind: 'sup' });
    else if (char === '_') tokens.push({ kind: 'sub' });
    else if (char === '&') tokens.push({ kind: 'align' });
    else if (char === '~') tokens.push({ kind: 'command', name: ' ' });
    else tokens.push({ kind: 'char', char });
  }
  return tokens;
}

// ── Tree ────────────────────────────────────────────────────────────────────────────────────────────────────────

type Node =
  | { kind: 'char'; char: string }
  | { kind: 'symbol'; name: string }
  | { kind: 'group'; body: Node[] }
  | { kind: 'text'; text: string }
  | { kind: 'frac'; num: Node[]; den: Node[] }
  | { kind: 'sqrt'; index: Node[] | null; body: Node[] }
  | { kind: 'script'; sup: boolean; body: Node[] }
  | { kind: 'fence'; open: string; close: string; body: Node[] }
  | { kind: 'rows'; rows: Node[][] }
  | { kind: 'break' };

/** Spaces: kept as one space (`20\,\mathrm{m/s}` → `20 m/s`). */
const SPACES = new Set([',', ';', ':', ' ', 'quad', 'qquad']);

/** Commands that only style or kern: skipped. */
const IGNORED = new Set(['!', 'displaystyle', 'textstyle', 'limits', 'nolimits']);

/** Commands whose argument is read as it is (upright text, a unit, an element symbol). */
const TEXT_COMMANDS = new Set(['mathrm', 'text', 'textrm', 'mathit', 'mathbf', 'operatorname', 'mathsf', 'textit']);

const ENVIRONMENTS = new Set(['cases', 'aligned', 'align', 'gathered', 'array', 'matrix', 'split']);

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  /** @param stop what ends this list: a closing brace, `\right`, `\end`, or the end of the field */
  list(stop: 'close' | 'right' | 'end' | 'eof'): Node[] {
    const nodes: Node[] = [];
    for (;;) {
      const token = this.peek();
      if (!token) {
        if (stop === 'eof') return nodes;
        throw new Unreadable('A bracket in your maths is not closed.');
      }
      if (token.kind === 'close') {
        if (stop === 'close') {
          this.at++;
          return nodes;
        }
        throw new Unreadable('A bracket in your maths is not opened.');
      }
      if (token.kind === 'command' && token.name === 'right' && stop === 'right') return nodes;
      if (token.kind === 'command' && token.name === 'end' && stop === 'end') return nodes;
      const node = this.node();
      if (node) nodes.push(node);
    }
  }

  /** One argument: a braced group, or the next single token. */
  private argument(): Node[] {
    const token = this.peek();
    if (!token) throw new Unreadable(EMPTY_BOX);
    if (token.kind === 'open') {
      this.at++;
      return this.list('close');
    }
    const node = this.node();
    return node ? [node] : [];
  }

  /** The raw text of a braced argument (an environment's name, `\text{…}`). */
  private rawArgument(): string {
    return flatText(this.argument());
  }

  private node(): Node | null {
    const token = this.tokens[this.at++];
    if (!token) return null;
    switch (token.kind) {
      case 'open': {
        // MathLive writes a decimal comma as `{,}`: 3{,}5 is 3.5.
        const [comma, close] = [this.tokens[this.at], this.tokens[this.at + 1]];
        if (isChar(comma, ',') && close?.kind === 'close') {
          this.at += 2;
          return { kind: 'char', char: '.' };
        }
        return { kind: 'group', body: this.list('close') };
      }
      case 'sup':
      case 'sub':
        return { kind: 'script', sup: token.kind === 'sup', body: this.argument() };
      case 'align':
        return null;
      case 'char':
        return { kind: 'char', char: token.char };
      case 'close':
        throw new Unreadable('A bracket in your maths is not opened.');
      case 'command':
        return this.command(token.name);
    }
  }

  private command(name: string): Node | null {
    if (IGNORED.has(name)) return null;
    if (SPACES.has(name)) return { kind: 'char', char: ' ' };
    if (TEXT_COMMANDS.has(name)) return { kind: 'text', text: this.rawArgument() };
    switch (name) {
      case 'frac':
      case 'dfrac':
      case 'tfrac':
        return { kind: 'frac', num: this.argument(), den: this.argument() };
      case 'sqrt': {
        let index: Node[] | null = null;
        if (isChar(this.peek(), '[')) {
          this.at++;
          index = [];
          for (let token = this.peek(); !isChar(token, ']'); token = this.peek()) {
            if (!token) throw new Unreadable('A bracket in your maths is not closed.');
            const node = this.node();
            if (node) index.push(node);
          }
          this.at++;
        }
        return { kind: 'sqrt', index, body: this.argument() };
      }
      case 'left':
      case 'mleft': {
        const open = this.delimiter();
        const body = this.list('right');
        this.at++; // \right
        return { kind: 'fence', open, close: this.delimiter(), body };
      }
      case 'right':
      case 'mright':
        throw new Unreadable('A bracket in your maths is not opened.');
      case 'begin': {
        const environment = this.rawArgument();
        if (!ENVIRONMENTS.has(environment)) throw new Unreadable(unknownSymbol(environment));
        // An array's column spec ({ll}) is layout, not maths.
        if (environment === 'array' && this.peek()?.kind === 'open') this.argument();
        const body = this.list('end');
        this.at++; // \end
        this.rawArgument();
        return { kind: 'rows', rows: splitRows(body) };
      }
      case '\\':
      case 'newline':
        return { kind: 'break' };
      case 'placeholder':
        throw new Unreadable(EMPTY_BOX);
      default:
        return { kind: 'symbol', name };
    }
  }

  /** The delimiter after `\left` or `\right`: a character or a command (`\vert`, `\lbrace`), `.` for none. */
  private delimiter(): string {
    const token = this.tokens[this.at++];
    if (token?.kind === 'char') return token.char === '.' ? '' : token.char;
    if (token?.kind === 'command') return DELIMITERS[token.name] ?? token.name;
    throw new Unreadable('A bracket in your maths is not closed.');
  }
}

const DELIMITERS: Readonly<Record<string, string>> = {
  vert: '|',
  lvert: '|',
  rvert: '|',
  '|': '|',
  lbrace: '(',
  rbrace: ')',
  '{': '(',
  '}': ')',
  lbrack: '(',
  rbrack: ')',
  langle: '(',
  rangle: ')',
};

function splitRows(body: Node[]): Node[][] {
  const rows: Node[][] = [[]];
  for (const node of body) {
    if (node.kind === 'break') rows.push([]);
    else rows.at(-1)?.push(node);
  }
  return rows.filter((row) => row.length > 0);
}

/** The characters of a `\text{…}`-like argument, in order. */
function flatText(nodes: Node[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'char') return node.char;
      if (node.kind === 'text') return node.text;
      if (node.kind === 'group') return flatText(node.body);
      if (node.kind === 'symbol') return SYMBOLS[node.name] ?? '';
      if (node.kind === 'script') return (node.sup ? '^' : '_') + flatText(node.body);
      return '';
    })
    .join('');
}

// ── Writing calculator input ────────────────────────────────────────────────────────────────────────────────────

/** Symbols written as one word or character (both modes); the engines read Greek letters as themselves. */
const SYMBOLS: Readonly<Record<string, string>> = {
  pi: 'pi',
  infty: 'infinity',
  theta: 'θ',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  Delta: 'Δ',
  lambda: 'λ',
  mu: 'μ',
  rho: 'ρ',
  sigma: 'σ',
  omega: 'ω',
  Omega: 'Ω',
  phi: 'φ',
  varphi: 'φ',
  varepsilon: 'ε',
  epsilon: 'ε',
  exponentialE: 'e',
  imaginaryI: 'i',
  differentialD: 'd',
  '%': '%',
  degree: '°',
  circ: '°',
  prime: "'",
  '{': '(',
  '}': ')',
  vert: '|',
  lvert: '|',
  rvert: '|',
  mid: '|',
  '|': '|',
};

/** Operators: their calculator spelling in math mode, and in chemistry where it differs. */
const OPERATORS: Readonly<Record<string, string>> = {
  cdot: '*',
  times: '×',
  ast: '*',
  div: '/',
  pm: '±',
  le: '<=',
  leq: '<=',
  leqslant: '<=',
  ge: '>=',
  geq: '>=',
  geqslant: '>=',
  ne: '!=',
  neq: '!=',
  lt: '<',
  gt: '>',
  approx: '≈',
  to: '->',
  rightarrow: '->',
  longrightarrow: '->',
  Rightarrow: '=>',
  rightleftharpoons: '<=>',
  leftrightarrow: '<=>',
  rightleftarrows: '<=>',
  implies: '=>',
};

const CHEMISTRY_OPERATORS: Readonly<Record<string, string>> = { cdot: '·', bullet: '·', times: '·' };

/** Functions applied to an argument: `\sin x` → `sin(x)`. */
const FUNCTIONS = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'arcsin',
  'arccos',
  'arctan',
  'sinh',
  'cosh',
  'tanh',
  'ln',
  'log',
  'exp',
]);

const TRIG_INVERSES = new Set(['sin', 'cos', 'tan']);

/** A piece of output: `op` pieces separate terms; a `loose` piece (a fraction) is bracketed beside a term. */
interface Piece {
  text: string;
  op?: true;
  loose?: true;
}

function unknownSymbol(name: string): string {
  return `I can't read the symbol "${name}" yet. Try the math keyboard's keys for it, or write it in words.`;
}

/** A term that needs no brackets as a base, a numerator or an argument: a number, a letter, a word, a call. */
function atomic(text: string): boolean {
  if (/^(\d+(\.\d+)?|[a-zA-Zα-ωΔΩ]|pi|infinity)$/.test(text)) return true;
  // sqrt(x+1), (x+1): one bracket that closes at the very end.
  const start = /^[a-z]*\(/.exec(text)?.[0].length;
  if (start === undefined || !text.endsWith(')')) return false;
  let depth = 0;
  for (let i = start - 1; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0 && i < text.length - 1) return false;
  }
  return true;
}

const bracket = (text: string): string => (atomic(text) ? text : `(${text})`);

/** In brackets once: `(x+1)` stays, `x+1` and `x` get them. */
const inBrackets = (text: string): string => (text.startsWith('(') && atomic(text) ? text : `(${text})`);

/** The `d` of a differential: `d`, `\mathrm{d}`, `\differentialD`. */
function isD(node: Node | undefined): boolean {
  if (!node) return false;
  if (node.kind === 'char') return node.char === 'd';
  if (node.kind === 'text') return node.text === 'd';
  if (node.kind === 'symbol') return node.name === 'differentialD';
  return false;
}

/** A single-letter variable node, or null. */
function letterOf(node: Node | undefined): string | null {
  if (node?.kind === 'char' && /^[a-zA-Z]$/.test(node.char)) return node.char;
  if (node?.kind === 'symbol' && node.name === 'theta') return 'θ';
  return null;
}

class Writer {
  constructor(private readonly mode: MathFieldMode) {}

  /** Writes a list of nodes: the whole field, a group, a numerator. */
  write(nodes: Node[]): string {
    return this.join(this.pieces(nodes));
  }

  private required(nodes: Node[]): string {
    const text = this.write(nodes).trim();
    if (!text) throw new Unreadable(EMPTY_BOX);
    return text;
  }

  private pieces(nodes: Node[]): Piece[] {
    const pieces: Piece[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as Node;
      const rest = nodes.slice(i + 1);

      // Operators that take the rest of the field: d/dx, lim, ∫ (up to an `=`, whose other side stays as it is).
      if (node.kind === 'frac' && this.derivativeVariable(node)) {
        const [body, after] = untilEquals(rest);
        pieces.push({ text: `d/d${this.derivativeVariable(node)} ${inBrackets(this.required(body))}` });
        i = nodes.length - after.length - 1;
        continue;
      }
      if (node.kind === 'symbol' && node.name === 'lim') {
        const under = rest[0]?.kind === 'script' && !rest[0].sup ? rest[0].body : null;
        if (!under) throw new Unreadable('A limit needs where x goes, written under "lim" (for example x → 0).');
        const [body, after] = untilEquals(rest.slice(1));
        pieces.push({ text: `lim ${this.required(under)} ${inBrackets(this.required(body))}` });
        i = nodes.length - after.length - 1;
        continue;
      }
      if (node.kind === 'symbol' && (node.name === 'int' || node.name === 'intop')) {
        const consumed = this.integral(rest, pieces);
        i += consumed;
        continue;
      }
      if (node.kind === 'symbol' && FUNCTIONS.has(node.name)) {
        i += this.applyFunction(node.name, rest, pieces);
        continue;
      }
      pieces.push(...this.piece(node));
    }
    return pieces;
  }

  /** The variable of `\frac{d}{dx}`, or null for any other fraction. */
  private derivativeVariable(node: Extract<Node, { kind: 'frac' }>): string | null {
    if (node.num.length !== 1 || !isD(node.num[0]) || node.den.length !== 2 || !isD(node.den[0])) return null;
    return letterOf(node.den[1]);
  }

  /**
   * `\int_a^b f(x) dx` → `integrate f(x) dx from a to b`; `\int f dx` → `integral of f dx`.
   * @returns how many nodes after `\int` it read
   */
  private integral(rest: Node[], pieces: Piece[]): number {
    let at = 0;
    let lower: Node[] | null = null;
    let upper: Node[] | null = null;
    while (rest[at]?.kind === 'script' && at < 2) {
      const script = rest[at] as Extract<Node, { kind: 'script' }>;
      if (script.sup) upper = script.body;
      else lower = script.body;
      at++;
    }
    const [body, after] = untilEquals(rest.slice(at));
    // The differential: `d` then one letter at the end of the integrand.
    let variable = 'x';
    let integrand = body;
    const last = body.length - 1;
    if (body.length >= 2 && isD(body[last - 1]) && letterOf(body[last])) {
      variable = letterOf(body[last]) ?? 'x';
      integrand = body.slice(0, last - 1);
    }
    const f = this.required(integrand);
    if ((lower === null) !== (upper === null)) {
      throw new Unreadable('An integral with limits needs both: the lower one below and the upper one above.');
    }
    const text =
      lower && upper
        ? `integrate ${f} d${variable} from ${this.required(lower)} to ${this.required(upper)}`
        : `integral of ${f} d${variable}`;
    pieces.push({ text });
    return rest.length - after.length;
  }

  /**
   * `\sin x`, `\sin(x)`, `\sin^2 x`, `\log_2 x`: the name, its argument in brackets, a power after it.
   * @returns how many nodes after the name it read
   */
  private applyFunction(name: string, rest: Node[], pieces: Piece[]): number {
    let at = 0;
    let power = '';
    let base = '';
    while (rest[at]?.kind === 'script') {
      const script = rest[at] as Extract<Node, { kind: 'script' }>;
      if (script.sup) power = this.script(script.body);
      else base = `_${this.script(script.body)}`;
      at++;
    }
    let argument: string;
    const next = rest[at];
    if (next?.kind === 'fence' || isChar(next, '(')) {
      // Written with brackets: the argument is what they hold.
      const [inside, used] = this.bracketed(rest.slice(at));
      argument = inside;
      at += used;
    } else {
      // Without: the run of terms up to the next operator or function (`\sin 2x + 1` → `sin(2x) + 1`).
      const run: Node[] = [];
      while (at < rest.length && this.isFactor(rest[at] as Node)) run.push(rest[at++] as Node);
      argument = this.write(run);
    }
    if (!argument.trim()) throw new Unreadable(`"${name}" needs something after it, such as ${name}(x).`);
    // sin^{-1} x is the inverse function, arcsin(x), not 1/sin(x).
    if (power === '(-1)' && TRIG_INVERSES.has(name)) {
      pieces.push({ text: `arc${name}(${argument.trim()})` });
      return at;
    }
    pieces.push({ text: `${name}${base}(${argument.trim()})${power ? `^${power}` : ''}` });
    return at;
  }

  /** A node that is part of a product: a digit, a letter, a power, a group, a root, a Greek letter. */
  private isFactor(node: Node): boolean {
    if (node.kind === 'char') return /^[\w.]$/.test(node.char);
    if (node.kind === 'symbol') return node.name in SYMBOLS && !(node.name in OPERATORS);
    return node.kind !== 'break' && node.kind !== 'rows' && node.kind !== 'fence';
  }

  /** A bracket as the first node (`\left(…\right)` or `(` … `)`): its inside, and how many nodes it took. */
  private bracketed(nodes: Node[]): [string, number] {
    const first = nodes[0];
    if (first?.kind === 'fence') return [this.write(first.body), 1];
    let depth = 0;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as Node;
      if (node.kind !== 'char') continue;
      if (node.char === '(') depth++;
      else if (node.char === ')' && --depth === 0) return [this.write(nodes.slice(1, i)), i + 1];
    }
    throw new Unreadable('A bracket in your maths is not closed.');
  }

  /** A superscript or subscript body: bare when a single digit run or letter, bracketed otherwise. */
  private script(body: Node[]): string {
    return bracket(this.required(body));
  }

  private piece(node: Node): Piece[] {
    switch (node.kind) {
      case 'char':
        return [this.char(node.char)];
      case 'text':
        return [{ text: node.text }];
      case 'group':
        return this.pieces(node.body);
      case 'break':
        return [{ text: ', ', op: true }];
      case 'rows':
        return [{ text: node.rows.map((row) => this.required(row)).join(', ') }];
      case 'frac': {
        const text = `${bracket(this.required(node.num))}/${bracket(this.required(node.den))}`;
        return [this.mode === 'chemistry' ? { text } : { text, loose: true }];
      }
      case 'sqrt': {
        const body = this.required(node.body);
        const index = node.index ? this.required(node.index) : '2';
        return [{ text: index === '2' ? `sqrt(${body})` : `${bracket(body)}^(1/${bracket(index)})` }];
      }
      case 'script':
        return [this.scriptPiece(node)];
      case 'fence': {
        const body = this.required(node.body);
        if (node.open === '|' && node.close === '|') return [{ text: `abs(${body})` }];
        return [{ text: `(${body})` }];
      }
      case 'symbol':
        return [this.symbol(node.name)];
    }
  }

  private char(char: string): Piece {
    // A space separates like an operator: a fraction beside it needs no brackets.
    if (/[+\-=<>, ]/.test(char)) return { text: char, op: true };
    if (char === '−') return { text: '-', op: true };
    if (char === '÷') return { text: '/', op: true };
    if (char === '·') return { text: this.mode === 'chemistry' ? '·' : '*', op: true };
    if (char === '[') return { text: '(' };
    if (char === ']') return { text: ')' };
    return { text: char };
  }

  private scriptPiece(node: Extract<Node, { kind: 'script' }>): Piece {
    // Written without spaces: `^{3+}` is a charge, not an addition.
    const raw = this.required(node.body).replace(/\s+/g, '');
    if (node.sup && (raw === '°' || raw === "'")) return { text: raw };
    if (this.mode === 'chemistry') {
      // H_2O → H2O; Fe^{3+} → Fe^3+; e^{-} → e^-.
      if (!node.sup) return { text: /^\d+$/.test(raw) ? raw : `_${bracket(raw)}` };
      if (/^\d*[+-]$/.test(raw)) return { text: `^${raw}` };
    }
    return { text: `${node.sup ? '^' : '_'}${bracket(raw)}` };
  }

  private symbol(name: string): Piece {
    const operator = (this.mode === 'chemistry' ? CHEMISTRY_OPERATORS[name] : undefined) ?? OPERATORS[name];
    if (operator) return { text: operator, op: true };
    const symbol = SYMBOLS[name];
    if (symbol !== undefined) return { text: symbol };
    throw new Unreadable(unknownSymbol(`\\${name}`));
  }

  /** Joins pieces: brackets a fraction beside a term, `*` between a word and a letter, spaces around arrows. */
  private join(pieces: Piece[]): string {
    let out = '';
    pieces.forEach((piece, i) => {
      let text = piece.text;
      if (piece.loose) {
        const before = pieces[i - 1];
        const after = pieces[i + 1];
        const touches = (neighbour: Piece | undefined) => neighbour !== undefined && !neighbour.op;
        if (touches(before) || (touches(after) && !after?.text.startsWith('^'))) text = `(${text})`;
      }
      if (this.mode === 'chemistry') {
        if (piece.op && text !== ',') text = ` ${text} `;
      } else if (needsTimes(out, text)) {
        text = `*${text}`;
      } else if (piece.op && text.length > 1 && text !== ', ') {
        text = ` ${text} `;
      }
      out += text;
    });
    return out.replace(/ {2,}/g, ' ');
  }
}

/**
 * Whether a product needs its `*` written: a word beside a letter would merge with it (`x pi` → `xpi`), and a
 * function call after a term reads better as one (`x^2*sin(x)`, never `x^2sin(x)`).
 */
function needsTimes(out: string, text: string): boolean {
  if (/[\w)]$/.test(out) && /^[a-z]{2,}\(/.test(text)) return true;
  if (!/[a-zA-Zα-ω]$/.test(out) || !/^[a-zA-Zα-ω]/.test(text)) return false;
  return /^[a-z]{2,}/.test(text) || /^[a-z]{2}$/.test(out.slice(-2));
}

/** The nodes before a top-level `=` (or relation), and the nodes from it on. */
function untilEquals(nodes: Node[]): [Node[], Node[]] {
  const at = nodes.findIndex(
    (node) =>
      (node.kind === 'char' && /[=<>]/.test(node.char)) ||
      (node.kind === 'symbol' && ['le', 'leq', 'ge', 'geq', 'ne', 'neq'].includes(node.name)),
  );
  return at === -1 ? [nodes, []] : [nodes.slice(0, at), nodes.slice(at)];
}

/**
 * Turns what the math field holds into the calculator input the engines read.
 * @param latex the field's value (MathLive's LaTeX)
 * @param mode how the tool's engine reads it: `math` (math and physics) or `chemistry`
 * @returns the text to send, or a reason in plain words when part of it cannot be read exactly
 */
export function mathFieldToInput(latex: string, mode: MathFieldMode = 'math'): MathFieldReading {
  try {
    const nodes = new Parser(tokenize(latex)).list('eof');
    const text = new Writer(mode).write(nodes).trim().replace(/\s+/g, ' ');
    return { ok: true, text };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, reason: error.message };
    throw error;
  }
}
