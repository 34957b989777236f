/**
 * Parses calculator syntax (`x^2-5x+6=0`, `2(x+1)`, `sqrt(x)`, `log_2(x)`, `sin^2(x)`), Unicode (`x²`, `−`, `×`,
 * `÷`, `√`, `π`) and light LaTeX (`\frac`, `\sqrt`, `\cdot`, `\left(`) into the engine's tree. Hand-written and
 * bounded (length, depth), so a pathological input is refused in microseconds instead of reaching a CAS.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Node, type RelOp, InvalidInput, Unsupported, add, call, div, mul, neg, num, pow, sym } from './ast';
import { parseDecimal, q } from '../rational';
import { SUPERSCRIPT_PLAIN } from '@studyease/contract/scripts';

export const MAX_INPUT = 2000;
const MAX_DEPTH = 40;

/** Functions the engine knows, with their aliases. */
const FUNCTIONS: Record<string, string> = {
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  sec: 'sec',
  csc: 'csc',
  cot: 'cot',
  arcsin: 'asin',
  arccos: 'acos',
  arctan: 'atan',
  asin: 'asin',
  acos: 'acos',
  atan: 'atan',
  sinh: 'sinh',
  cosh: 'cosh',
  tanh: 'tanh',
  sqrt: 'sqrt',
  cbrt: 'cbrt',
  ln: 'ln',
  log: 'log',
  lg: 'log10',
  exp: 'exp',
  abs: 'abs',
};
const NAMES = [...Object.keys(FUNCTIONS), 'pi'].sort((a, b) => b.length - a.length);

/** Reads a `{…}` group starting at `start` (which must be `{`); returns its inside and the index after it. */
const braceGroup = (s: string, start: number): { inner: string; end: number } | null => {
  if (s[start] !== '{') return null;
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return { inner: s.slice(start + 1, i), end: i + 1 };
  }
  throw new InvalidInput('a "{" is never closed with "}"');
};

/** Light LaTeX to calculator syntax: enough for what students paste from a textbook or MathLive. */
export const latexToPlain = (input: string): string => {
  let s = input
    .replace(/\\left|\\right|\\displaystyle|\\,|\\;|\\!|\\ /g, ' ')
    .replace(/\\(cdot|times)/g, '*')
    .replace(/\\div/g, '/')
    .replace(/\\(le|leq)\b/g, '<=')
    .replace(/\\(ge|geq)\b/g, '>=')
    .replace(/\\pi\b/g, ' pi ')
    .replace(/\\operatorname\{(\w+)\}/g, '$1')
    .replace(/\\(arcsin|arccos|arctan|sinh|cosh|tanh|sin|cos|tan|sec|csc|cot|ln|log|exp)\b/g, ' $1 ')
    .replace(/\\mathrm\{e\}/g, 'e');
  // \frac{a}{b} and \sqrt[n]{a} nest, so they are rewritten inside-out by a small brace reader.
  for (let guard = 0; guard < 200; guard++) {
    const frac = s.search(/\\[dt]?frac/);
    const root = s.indexOf('\\sqrt');
    const at = frac >= 0 && (root < 0 || frac < root) ? frac : root;
    if (at < 0) break;
    if (at === frac) {
      const nameEnd = s.indexOf('frac', at) + 4;
      const a = braceGroup(s, nameEnd);
      const b = a && braceGroup(s, a.end);
      if (!a || !b) throw new InvalidInput('\\frac needs two {…} groups');
      s = `${s.slice(0, at)}((${a.inner})/(${b.inner}))${s.slice(b.end)}`;
    } else {
      let i = at + 5;
      let index: string | null = null;
      if (s[i] === '[') {
        const close = s.indexOf(']', i);
        if (close < 0) throw new InvalidInput('\\sqrt[ has no matching ]');
        index = s.slice(i + 1, close);
        i = close + 1;
      }
      const a = braceGroup(s, i);
      if (!a) throw new InvalidInput('\\sqrt needs a {…} group');
      const body = index ? `((${a.inner})^(1/(${index})))` : `sqrt(${a.inner})`;
      s = `${s.slice(0, at)}${body}${s.slice(a.end)}`;
    }
  }
  if (/\\[a-zA-Z]+/.test(s)) {
    const name = /\\[a-zA-Z]+/.exec(s)?.[0] ?? '';
    throw new Unsupported(`the LaTeX command ${name} is not supported`);
  }
  return s.replace(/\{/g, '(').replace(/\}/g, ')');
};

/** Unicode maths to ASCII: `x²` → `x^2`, `−` → `-`, `×` → `*`, `π` → `pi`, `√` → `sqrt`. */
export const unicodeToPlain = (input: string): string =>
  input
    // eslint-disable-next-line @typescript-eslint/no-misused-spread -- a run of superscripts, one code point each
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+/g, (m) => `^(${[...m].map((c) => SUPERSCRIPT_PLAIN[c] ?? '').join('')})`)
    .replace(/[−–—]/g, '-')
    .replace(/[×·⋅∙]/g, '*')
    .replace(/÷/g, '/')
    .replace(/π/g, ' pi ')
    .replace(/√/g, ' sqrt ')
    .replace(/≤/g, '<=')
    .replace(/≥/g, '>=')
    .replace(/∞/g, ' inf ');

type Token = { t: 'num'; text: string } | { t: 'name'; text: string } | { t: 'op'; text: string };

const tokenize = (s: string): Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (/[0-9.]/.test(c)) {
      const m = /^(\d+\.?\d*|\.\d+)/.exec(s.slice(i));
      if (!m) throw new InvalidInput('there is a "." that is not part of a number');
      tokens.push({ t: 'num', text: m[0] });
      i += m[0].length;
    } else if (/[a-zA-Z]/.test(c)) {
      // A run of letters is a known name (sin, sqrt, pi) or single-letter variables multiplied (`xy`).
      const run = /^[a-zA-Z]+/.exec(s.slice(i))![0];
      let j = 0;
      while (j < run.length) {
        const rest = run.slice(j).toLowerCase();
        const name = NAMES.find((n) => rest.startsWith(n));
        const word = name ?? (rest.startsWith('inf') ? 'inf' : run[j]!);
        tokens.push({ t: 'name', text: name ?? (word === 'inf' ? 'inf' : run[j]!) });
        j += word.length;
      }
      i += run.length;
      // A name with digits: `log10(x)`, `log2(x)` are logarithms in that base (never log(10)·x), and `atan2(y, x)`
      // is the two-argument arctangent, which the engine does not solve (never atan(2)·(y, x)).
      const digits = /^(\d+)\s*\(/.exec(s.slice(i));
      const last = tokens[tokens.length - 1];
      if (digits && last?.text === 'log' && run.toLowerCase().endsWith('log')) {
        tokens.push({ t: 'op', text: '_' }, { t: 'num', text: digits[1]! });
        i += digits[1]!.length;
      } else if (digits && last?.text === 'atan' && digits[1] === '2') {
        throw new Unsupported('atan2(y, x) is not something I can solve; write it with arctan(y/x)');
      }
    } else {
      const two = s.slice(i, i + 2);
      if (two === '<=' || two === '>=' || two === '**' || two === '->' || two === '!=') {
        tokens.push({ t: 'op', text: two === '**' ? '^' : two });
        i += 2;
      } else if ('+-*/^()=<>,_%|!'.includes(c)) {
        tokens.push({ t: 'op', text: c });
        i++;
      } else if (c === '[') {
        tokens.push({ t: 'op', text: '(' });
        i++;
      } else if (c === ']') {
        tokens.push({ t: 'op', text: ')' });
        i++;
      } else {
        throw new InvalidInput(`"${c}" is not a maths symbol I know`);
      }
    }
  }
  return tokens;
};

class Parser {
  private pos = 0;
  private depth = 0;
  private readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }
  private isOp(text: string): boolean {
    const t = this.peek();
    return t?.t === 'op' && t.text === text;
  }
  private expect(text: string): void {
    if (!this.isOp(text)) {
      const t = this.peek();
      throw new InvalidInput(
        text === ')'
          ? 'a bracket "(" is never closed'
          : t
            ? `"${t.text}" is where I expected "${text}"`
            : `a "${text}" is missing at the end`,
      );
    }
    this.pos++;
  }
  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new Unsupported('the expression is nested too deeply to handle reliably');
  }

  parseTop(): Node {
    const node = this.parseRelation();
    const t = this.peek();
    if (t)
      throw new InvalidInput(
        t.text === ')' ? 'there is a ")" with no "(" before it' : `"${t.text}" is out of place here`,
      );
    return node;
  }

  private parseRelation(): Node {
    const a = this.parseSum();
    const t = this.peek();
    if (t?.t === 'op' && ['=', '<', '>', '<=', '>='].includes(t.text)) {
      this.pos++;
      const b = this.parseSum();
      const next = this.peek();
      // A chained inequality `-2 < x < 2` becomes a list of two relations.
      if (next?.t === 'op' && ['<', '>', '<=', '>='].includes(next.text) && t.text !== '=') {
        this.pos++;
        const c = this.parseSum();
        return call('and', { k: 'rel', op: t.text as RelOp, a, b }, { k: 'rel', op: next.text as RelOp, a: b, b: c });
      }
      return { k: 'rel', op: t.text as RelOp, a, b };
    }
    return a;
  }

  private parseSum(): Node {
    this.enter();
    const terms: Node[] = [this.parseProduct()];
    for (;;) {
      if (this.isOp('+')) {
        this.pos++;
        terms.push(this.parseProduct());
      } else if (this.isOp('-')) {
        this.pos++;
        terms.push(neg(this.parseProduct()));
      } else break;
    }
    this.depth--;
    return add(...terms);
  }

  private startsFactor(): boolean {
    const t = this.peek();
    if (!t) return false;
    if (t.t !== 'op') return true;
    return t.text === '(' || t.text === '|';
  }

  private parseProduct(): Node {
    let node = this.parseUnary();
    for (;;) {
      if (this.isOp('*')) {
        this.pos++;
        node = appendFactor(node, this.parseUnary());
      } else if (this.isOp('/')) {
        this.pos++;
        node = div(node, this.parseUnary());
      } else if (this.startsFactor() && !this.isOp('|')) {
        // Implicit multiplication: `2x`, `2(x+1)`, `(x+1)(x-1)`, `x sin(x)`.
        node = appendFactor(node, this.parsePower());
      } else break;
    }
    return node;
  }

  private parseUnary(): Node {
    if (this.isOp('-')) {
      this.pos++;
      this.enter();
      const node = neg(this.parseUnary());
      this.depth--;
      return node;
    }
    if (this.isOp('+')) {
      this.pos++;
      return this.parseUnary();
    }
    return this.parsePower();
  }

  private parsePower(): Node {
    let base = this.parsePostfix(this.parseAtom());
    if (this.isOp('^')) {
      this.pos++;
      this.enter();
      const exponent = this.parseUnary();
      this.depth--;
      base = pow(base, exponent);
    }
    return base;
  }

  private parsePostfix(node: Node): Node {
    let out = node;
    for (;;) {
      if (this.isOp('%')) {
        this.pos++;
        out = div(out, num(100));
      } else if (this.isOp('!')) {
        this.pos++;
        out = call('factorial', out);
      } else return out;
    }
  }

  private parseAtom(): Node {
    const t = this.peek();
    if (!t) throw new InvalidInput('the maths stops before it is finished');
    this.pos++;
    if (t.t === 'num') {
      const v = parseDecimal(t.text);
      if (!v) throw new InvalidInput(`"${t.text}" is not a number`);
      return num(v);
    }
    if (t.t === 'op') {
      if (t.text === '(') {
        this.enter();
        const inner = this.parseSum();
        this.expect(')');
        this.depth--;
        return inner;
      }
      if (t.text === '|') {
        this.enter();
        const inner = this.parseSum();
        this.expect('|');
        this.depth--;
        return call('abs', inner);
      }
      throw new InvalidInput(`"${t.text}" is out of place here`);
    }
    const fn = FUNCTIONS[t.text.toLowerCase()];
    if (!fn) return sym(t.text === 'inf' ? 'inf' : t.text === 'pi' ? 'pi' : t.text);
    return this.parseFunction(fn);
  }

  private parseFunction(fn: string): Node {
    let name = fn;
    let base: Node | null = null;
    // log_2(x), log_{10}(x): a logarithm's base as a subscript.
    if (this.isOp('_')) {
      this.pos++;
      base = this.parseAtom();
    }
    // sin^2(x) means (sin x)^2; sin^-1(x) is the inverse function.
    let power: Node | null = null;
    if (this.isOp('^')) {
      this.pos++;
      power = this.parseUnary();
      if (power.k === 'neg' && power.arg.k === 'num' && power.arg.v.n === 1n && power.arg.v.d === 1n) {
        const inverse: Record<string, string> = { sin: 'asin', cos: 'acos', tan: 'atan' };
        if (!inverse[name]) throw new InvalidInput(`${name}^-1 is ambiguous`);
        name = inverse[name]!;
        power = null;
      }
    }
    let args: Node[];
    if (this.isOp('(')) {
      this.pos++;
      this.enter();
      args = [this.parseSum()];
      while (this.isOp(',')) {
        this.pos++;
        args.push(this.parseSum());
      }
      this.expect(')');
      this.depth--;
    } else {
      if (!this.startsFactor()) throw new InvalidInput(`${name} needs something to work on, as in ${name}(x)`);
      args = [this.parsePower()];
    }
    if (base) args = [args[0]!, base];
    if (name === 'log10') {
      name = 'log';
      args = [args[0]!, num(10)];
    }
    if (name === 'log' && args.length === 1) args = [args[0]!, num(10)];
    const expected = name === 'log' ? 2 : 1;
    if (args.length !== expected)
      throw new InvalidInput(`${name} takes ${expected} argument${expected > 1 ? 's' : ''}`);
    const node = call(name, ...args);
    return power ? pow(node, power) : node;
  }
}

const appendFactor = (left: Node, right: Node): Node =>
  left.k === 'mul' ? { k: 'mul', args: [...left.args, right] } : mul(left, right);

/** Normalizes Unicode and LaTeX, then parses; throws InvalidInput or Unsupported with a student-facing reason. */
export const parse = (input: string): Node => {
  if (input.length > MAX_INPUT) throw new InvalidInput(`the input is longer than ${MAX_INPUT} characters`);
  let s = unicodeToPlain(input);
  if (s.includes('\\')) s = latexToPlain(s);
  s = s.replace(/\$/g, '');
  if (!s.trim()) throw new InvalidInput('there is no maths in it to read');
  const tokens = tokenize(s);
  if (tokens.length > 400) throw new Unsupported('the expression is too long to handle reliably');
  return new Parser(tokens).parseTop();
};

/** Exported for the tests of a parse result's rational value. */
export const rationalOf = (node: Node): ReturnType<typeof q> | null => (node.k === 'num' ? node.v : null);
