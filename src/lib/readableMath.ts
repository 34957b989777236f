/**
 * Maths as a student would type it in a message or a document: Unicode (x², C₃H₈, √2, π, ×, −, →) instead of LaTeX
 * (`\frac`, `^{2}`) or calculator syntax (`*`, `^`, `sqrt()`). Used by "Copy answer".
 *
 * Our own small converter: the npm packages that turn LaTeX into Unicode map single macros only (`\alpha` → α), not
 * fractions, roots, scripts or aligned environments, which are what our answers are made of.
 */
import { SUPERSCRIPT as BASE_SUPERSCRIPT } from '@studyease/contract/scripts';

/** The contract's superscripts, with a degree sign that stays one and spaces that go. */
const SUPERSCRIPT: Readonly<Record<string, string>> = { ...BASE_SUPERSCRIPT, '°': '°', ' ': '' };

// prettier-ignore
const SUBSCRIPT: Readonly<Record<string, string>> = {
  '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉', '+': '₊',
  '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎', a: 'ₐ', e: 'ₑ', h: 'ₕ', i: 'ᵢ', j: 'ⱼ', k: 'ₖ', l: 'ₗ', m: 'ₘ',
  n: 'ₙ', o: 'ₒ', p: 'ₚ', r: 'ᵣ', s: 'ₛ', t: 'ₜ', u: 'ᵤ', v: 'ᵥ', x: 'ₓ', ' ': '',
};

/** Every character of `text` in the table, or null when one has no Unicode script form. */
function scripted(text: string, table: Readonly<Record<string, string>>): string | null {
  let out = '';
  for (const char of text) {
    const mapped = table[char];
    if (mapped === undefined) return null;
    out += mapped;
  }
  return out;
}

/** A superscript (x², xⁿ⁺¹, 90°); `^(…)` only for what Unicode has no superscript of. */
function superscript(text: string): string {
  if (text === '∘' || text === '°') return '°';
  return scripted(text, SUPERSCRIPT) ?? `^(${text})`;
}

/** A subscript (O₂, xₙ); `_(…)` only for what Unicode has no subscript of. */
function subscript(text: string): string {
  return scripted(text, SUBSCRIPT) ?? `_(${text})`;
}

/**
 * Wraps `text` in brackets unless it is one number, one letter or one bracketed group: 2a under a fraction bar is
 * (2a), or "/2a" would read as "halve, then times a". A numerator may also be a product (2h/g, x³/3).
 */
function atom(text: string, numerator = false): string {
  const trimmed = text.trim();
  const simple = numerator ? /^[\p{L}\p{N}.′']+$/u : /^(?:[\p{N}.]+|\p{L}[\p{N}′']*)$/u;
  if (simple.test(trimmed) || /^\((?:[^()]|\([^()]*\))*\)$/.test(trimmed)) return trimmed;
  return `(${trimmed})`;
}

// prettier-ignore
const SYMBOLS: Readonly<Record<string, string>> = {
  cdot: '·', times: '×', div: '÷', pm: '±', mp: '∓', ast: '∗', circ: '∘', bullet: '•', rightarrow: '→', to: '→',
  longrightarrow: '→', Rightarrow: '⇒', implies: '⇒', leftarrow: '←', gets: '←', leftrightarrow: '↔',
  Leftrightarrow: '⇔', iff: '⇔', rightleftharpoons: '⇌', longleftrightarrow: '↔', approx: '≈', neq: '≠', ne: '≠',
  le: '≤', leq: '≤', ge: '≥', geq: '≥', equiv: '≡', sim: '∼', simeq: '≃', propto: '∝', infty: '∞', partial: '∂',
  nabla: '∇', int: '∫', iint: '∬', oint: '∮', sum: '∑', prod: '∏', in: '∈', notin: '∉', subset: '⊂', subseteq: '⊆',
  cup: '∪', cap: '∩', emptyset: '∅', varnothing: '∅', forall: '∀', exists: '∃', neg: '¬', land: '∧', lor: '∨',
  angle: '∠', perp: '⊥', parallel: '∥', degree: '°', therefore: '∴', because: '∵', ldots: '…', dots: '…', cdots: '⋯',
  vdots: '⋮', prime: '′', hbar: 'ħ', ell: 'ℓ', mid: '|', vert: '|', lvert: '|', rvert: '|', Vert: '‖', lVert: '‖',
  rVert: '‖', langle: '⟨', rangle: '⟩', lfloor: '⌊', rfloor: '⌋', lceil: '⌈', rceil: '⌉', '%': '%', '{': '{',
  '}': '}', $: '$', '&': '&', '#': '#', _: '_', alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε',
  varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', vartheta: 'ϑ', iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ',
  nu: 'ν', xi: 'ξ', pi: 'π', varpi: 'ϖ', rho: 'ρ', varrho: 'ϱ', sigma: 'σ', varsigma: 'ς', tau: 'τ', upsilon: 'υ',
  phi: 'φ', varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω', Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ',
  Pi: 'Π', Sigma: 'Σ', Upsilon: 'Υ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
};

/** Symbols written with a space on each side (relations, arrows, ×, ÷, ±). */
// prettier-ignore
const SPACED = new Set([
  '=', '<', '>', '≈', '≠', '≤', '≥', '≡', '∝', '→', '⇒', '←', '↔', '⇔', '⇌', '×', '÷', '±', '∓', '∈', '∼',
]);

/** Named functions, written upright as words: `\sin x` is "sin x". */
// prettier-ignore
const FUNCTIONS = new Set([
  'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'ln', 'log', 'exp',
  'lim', 'max', 'min', 'det', 'gcd', 'lcm', 'deg', 'arg', 'sup', 'inf',
]);

/** Commands that only change looks or spacing and print nothing. */
// prettier-ignore
const INVISIBLE = new Set([
  'displaystyle', 'textstyle', 'scriptstyle', 'left', 'right', 'big', 'Big', 'bigg', 'Bigg', 'bigl', 'bigr', 'Bigl',
  'Bigr', '!', 'limits', 'nolimits', 'notag', 'nonumber',
]);
const SPACES = new Set([',', ';', ':', ' ', 'quad', 'qquad', 'enspace', 'thinspace', 'medspace', 'thickspace']);
// prettier-ignore
const TEXT_COMMANDS = new Set([
  'text', 'mathrm', 'textrm', 'mathit', 'textit', 'mathbf', 'textbf', 'mathsf', 'mathtt', 'texttt', 'operatorname',
  'mbox', 'boldsymbol', 'bm', 'mathnormal',
]);
const BLACKBOARD: Readonly<Record<string, string>> = { R: 'ℝ', N: 'ℕ', Z: 'ℤ', Q: 'ℚ', C: 'ℂ' };
// prettier-ignore
const ACCENTS: Readonly<Record<string, string>> = {
  vec: '\u20D7', hat: '\u0302', bar: '\u0305', overline: '\u0305', dot: '\u0307', tilde: '\u0303',
};

/** A LaTeX reader over one string: `read()` turns everything up to a closing brace (or the end) into text. */
class LatexReader {
  private at = 0;

  constructor(private readonly source: string) {}

  /** @param textMode inside \text{…}/\mathrm{…}: spaces are kept and `-` stays a hyphen */
  read(textMode = false, until?: string): string {
    let out = '';
    while (this.at < this.source.length) {
      const char = this.source.charAt(this.at);
      if (until !== undefined && this.source.startsWith(until, this.at)) break;
      if (char === '}') break;
      this.at += 1;
      if (char === '{') {
        out += this.read(textMode);
        this.at += 1; // the closing brace
      } else if (char === '\\') {
        out += this.command(textMode, out);
      } else if (char === '^' || char === '_') {
        const argument = this.argument(textMode);
        out += char === '^' ? superscript(argument) : subscript(argument);
      } else if (char === '&') {
        // Alignment marks of aligned/cases/array print nothing.
      } else if (/\s/.test(char)) {
        if (textMode) out += ' ';
      } else if (char === '~') {
        out += ' ';
      } else if (textMode) {
        out += char;
      } else if (char === '-') {
        out += this.operator('−', out);
      } else if (char === '+') {
        out += this.operator('+', out);
      } else if (char === '*') {
        out += '·';
      } else if (SPACED.has(char)) {
        out += ` ${char} `;
      } else if (char === ',') {
        out += ', ';
      } else {
        out += char;
      }
    }
    return out;
  }

  /** + and − between terms get spaces; a sign in front of a number does not ("x = −1", "(−b ± √D)"). */
  private operator(sign: string, before: string): string {
    const previous = before.trimEnd().slice(-1);
    const unary = previous === '' || /[([{=<>≈≠≤≥→,±×÷·^_]/.test(previous);
    return unary ? sign : ` ${sign} `;
  }

  /** The argument of a command or script: a braced group or the next single character or command. */
  private argument(textMode: boolean, keepSpaces = false): string {
    while (this.source.charAt(this.at) === ' ') this.at += 1;
    const char = this.source.charAt(this.at);
    if (char === '{') {
      this.at += 1;
      const text = this.read(textMode);
      this.at += 1;
      return keepSpaces ? text : text.trim();
    }
    if (char === '\\') {
      this.at += 1;
      return this.command(textMode, '').trim();
    }
    this.at += 1;
    return char;
  }

  /** An optional `[…]` argument (the index of \sqrt[3]{x}). */
  private optional(): string | null {
    if (this.source.charAt(this.at) !== '[') return null;
    this.at += 1;
    const text = this.read(false, ']');
    this.at += 1;
    return text.trim();
  }

  private command(textMode: boolean, before: string): string {
    const name = /^(?:[A-Za-z]+|.)/.exec(this.source.slice(this.at))?.[0] ?? '';
    this.at += name.length;
    if (name === '\\') return '\n';
    if (SPACES.has(name)) return ' ';
    if (INVISIBLE.has(name)) {
      // \left. and \right. are invisible delimiters.
      if ((name === 'left' || name === 'right') && this.source.charAt(this.at) === '.') this.at += 1;
      return '';
    }
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
      const numerator = this.argument(textMode);
      const denominator = this.argument(textMode);
      return `${atom(numerator, true)}/${atom(denominator)}`;
    }
    if (name === 'binom') {
      const n = this.argument(textMode);
      return `C(${n}, ${this.argument(textMode)})`;
    }
    if (name === 'sqrt') {
      const index = this.optional();
      const radicand = atom(this.argument(textMode));
      return `${index ? superscript(index) : ''}√${radicand}`;
    }
    if (name === 'begin' || name === 'end') {
      this.argument(true);
      // A matrix's or array's column spec ({cc}) is not printed either.
      if (name === 'begin' && this.source.charAt(this.at) === '{') this.argument(true);
      return name === 'end' ? '\n' : '';
    }
    if (TEXT_COMMANDS.has(name)) return this.argument(true, true);
    if (name === 'mathbb') {
      const letter = this.argument(true);
      return BLACKBOARD[letter] ?? letter;
    }
    if (name === 'xrightarrow' || name === 'xleftarrow') {
      this.optional();
      const label = this.argument(textMode);
      const arrow = name === 'xrightarrow' ? '→' : '←';
      return ` ${label ? `${arrow}(${label})` : arrow} `;
    }
    const accent = ACCENTS[name];
    if (accent !== undefined) return `${this.argument(textMode)}${accent}`;
    if (FUNCTIONS.has(name)) {
      const gap = /[\p{L}\p{N})]$/u.test(before) ? ' ' : '';
      // "sin x" keeps its space; "sin(x)" has none.
      const next = this.source.slice(this.at).trimStart();
      const after = /^[\p{L}\p{N}\\]/u.test(next) && !/^\\left|^\\right/.test(next) ? ' ' : '';
      return `${gap}${name}${after}`;
    }
    const symbol = SYMBOLS[name];
    if (symbol !== undefined) {
      if (textMode) return symbol;
      if (SPACED.has(symbol)) return ` ${symbol} `;
      if (symbol === '±' || symbol === '∓') return this.operator(symbol, before);
      return symbol;
    }
    // An unknown command: its name reads better than a backslash.
    return name;
  }
}

/** Tidies spaces: one between words, none at the ends of a line, no blank lines. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]+/g, ' ')
        .replace(/\( /g, '(')
        .replace(/ \)/g, ')')
        .replace(/ ,/g, ',')
        .trim(),
    )
    .filter(Boolean)
    .join('\n');
}

/**
 * One LaTeX formula as readable text: `\frac{x^{3}}{3} + C` → "x³/3 + C",
 * `\mathrm{C_{3}H_{8}} + 5\,\mathrm{O_{2}} \rightarrow …` → "C₃H₈ + 5 O₂ → …". The rows of an aligned environment
 * (or `\\`) become lines.
 */
export function latexToText(latex: string): string {
  return tidy(new LatexReader(latex).read());
}

/** A run of element symbols with counts (H2O, Fe2O3, Ca(OH)2): at least one count, every letter an element's. */
const FORMULA = /(?<![\p{L}\p{N}])(?:[A-Z][a-z]?\d*|\((?:[A-Z][a-z]?\d*)+\)\d*)+(?![\p{L}\p{N}])/gu;

/**
 * Calculator syntax as readable text: `x^2 - 5*x` → "x² − 5x", `sqrt(2)` → "√2", `pi` → "π", `->` → "→".
 * @param options.chemistry also writes the counts in chemical formulas as subscripts (C3H8 → C₃H₈)
 */
export function calculatorToText(text: string, options: { chemistry?: boolean } = {}): string {
  let out = text
    .replace(/<->|<=>/g, '⇌')
    .replace(/->/g, '→')
    .replace(/>=/g, '≥')
    .replace(/<=/g, '≤')
    .replace(/!=/g, '≠')
    .replace(/\+\/?-/g, '±')
    .replace(/\bsqrt\(([\p{L}\p{N}.]+)\)/gu, '√$1')
    .replace(/\bsqrt\(/g, '√(')
    .replace(/(?<![A-Za-z])pi(?![A-Za-z])/g, 'π')
    // x^(n+1), x^2, x^-1, e^x: as superscripts where Unicode has them.
    .replace(/\^\(([^()]+)\)/g, (whole, power: string) => scripted(power, SUPERSCRIPT) ?? whole)
    .replace(
      /\^(-?[\p{N}]+(?:\.\p{N}+)?|[a-z])(?![\p{L}\p{N}])/gu,
      (whole, power: string) => scripted(power, SUPERSCRIPT) ?? whole,
    )
    // 3*x is 3x; any other product a middle dot.
    .replace(/([0-9])\*(?=[a-zπ√(])/g, '$1')
    .split('*')
    // Each product sign's spaces trimmed, not replaced with /\s*\*\s*/ (quadratic on a long run of spaces: ReDoS).
    .map((piece, index, pieces) => {
      const start = index > 0 ? piece.trimStart() : piece;
      return index < pieces.length - 1 ? start.trimEnd() : start;
    })
    .join('·')
    // A minus: between spaces, or a sign before a number or a letter after a space, a bracket or the start.
    .replace(/ - /g, ' − ')
    .replace(/(^|[\s(=,[])-(?=[\p{N}\p{L}(√π])/gu, '$1−');
  if (options.chemistry) {
    out = out.replace(FORMULA, (formula) =>
      /\d/.test(formula) ? formula.replace(/\d+/g, (count) => subscript(count)) : formula,
    );
  }
  return out;
}

/** Math delimiters of chat Markdown, tried in this order at each place: $$…$$, \[…\], $…$ (on one line), \(…\). */
const DELIMITERS = [
  { open: '$$', close: '$$', display: true },
  { open: '\\[', close: '\\]', display: true },
  { open: '$', close: '$', display: false },
  { open: '\\(', close: '\\)', display: false },
] as const;

interface MathSpan {
  start: number;
  end: number;
  latex: string;
  display: boolean;
}

/**
 * The formulas of a text, left to right, in linear time: each closer's next place is looked up once and kept while
 * the scan is before it (a regular expression with lazy `[\s\S]+?` rescans to the end for every unclosed opener).
 */
function mathSpans(text: string): MathSpan[] {
  const found = new Map<string, number>();
  const next = (close: string, from: number): number => {
    const known = found.get(close);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const at = text.indexOf(close, from);
    found.set(close, at);
    return at;
  };
  const spans: MathSpan[] = [];
  for (let index = 0; index < text.length; index++) {
    for (const { open, close, display } of DELIMITERS) {
      if (!text.startsWith(open, index)) continue;
      const from = index + open.length;
      // At least one character inside: a closer right after the opener is not a formula.
      const end = next(close, from + 1);
      if (end === -1) continue;
      const latex = text.slice(from, end);
      if (open === '$' && (latex.includes('$') || latex.includes('\n'))) continue;
      spans.push({ start: index, end: end + close.length, latex, display });
      index = end + close.length - 1;
      break;
    }
  }
  return spans;
}

interface ProseOptions {
  /** Formula counts as subscripts in the prose (see calculatorToText). */
  chemistry?: boolean;
  /** Drop Markdown's emphasis, heading and code marks (a model's answer); an engine's step has none, only `*`s. */
  markdown?: boolean;
}

/**
 * A text with `$…$` maths (a chat message, a step's explanation) as plain text: its maths and its calculator syntax
 * readable and, with `markdown`, Markdown's marks dropped.
 */
export function markdownToText(markdown: string, options: ProseOptions = {}): string {
  const parts: string[] = [];
  let last = 0;
  for (const span of mathSpans(markdown)) {
    parts.push(proseToText(markdown.slice(last, span.start), options));
    parts.push(latexToText(span.latex).replace(/\n/g, span.display ? '\n' : '; '));
    last = span.end;
  }
  parts.push(proseToText(markdown.slice(last), options));
  return parts.join('');
}

function proseToText(prose: string, options: ProseOptions): string {
  if (!options.markdown) return calculatorToText(prose, options);
  const plain = prose
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/`([^`]+)`/g, '$1');
  return calculatorToText(plain, options);
}
