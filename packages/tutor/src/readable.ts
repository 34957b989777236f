/**
 * The one display formatter of the engines' sentences: a step's explanation, a check's detail or a check's verdict
 * is written for a student, so calculator syntax in it (`*`, `sqrt(`, `^`, `pi`, `theta`) is turned into what a
 * book prints ("2kπ", "√(2h/g)", "m/s²", "10⁻¹⁹", "θ"). The app shows these sentences as Markdown, where a `*`
 * would even turn into italics. Our own code: the sentences mix words and maths, and a maths printer would need a
 * parse of the whole sentence; these few rewrites are local and leave the words alone.
 */
import { SUPERSCRIPT } from '@studyease/contract/scripts';

/** Greek letters the engines spell out in calculator syntax. */
const GREEK: Readonly<Record<string, string>> = {
  pi: 'π',
  theta: 'θ',
  lambda: 'λ',
  rho: 'ρ',
  omega: 'ω',
  alpha: 'α',
  mu: 'μ',
  Delta: 'Δ',
};

/** An exponent as superscripts, or null when one of its characters has none. */
const superscript = (exponent: string): string | null => {
  let out = '';
  for (const char of exponent.replace(/\s+/g, '')) {
    const sup = SUPERSCRIPT[char];
    if (sup === undefined) return null;
    out += sup;
  }
  return out;
};

/** The index of the bracket that closes the one at `open`, or -1. */
const closing = (text: string, open: number): number => {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
};

/** `sqrt(13)` → `√13`, `sqrt(2*h/g)` → `√(2*h/g)` (the inside is formatted by the later rules). */
const roots = (text: string): string => {
  let out = '';
  let at = 0;
  for (;;) {
    const start = text.indexOf('sqrt(', at);
    if (start === -1) return out + text.slice(at);
    const end = closing(text, start + 4);
    if (end === -1) return out + text.slice(at);
    const inside = roots(text.slice(start + 5, end));
    out += `${text.slice(at, start)}√${/^[\w.π]+$/u.test(inside) ? inside : `(${inside})`}`;
    at = end + 1;
  }
};

/** `x^2` → `x²`, `10^-19` → `10⁻¹⁹`, `x^(n+1)` → `xⁿ⁺¹`; an exponent without superscripts is said in words. */
const powers = (text: string): string => {
  let out = '';
  let at = 0;
  for (;;) {
    const caret = text.indexOf('^', at);
    if (caret === -1) return out + text.slice(at);
    out += text.slice(at, caret);
    let exponent: string;
    let end: number;
    if (text[caret + 1] === '(') {
      end = closing(text, caret + 1) + 1;
      if (end === 0) end = text.length;
      exponent = text.slice(caret + 2, end - 1);
    } else {
      const match = /^[-−]?(?:\d+|[A-Za-z])/u.exec(text.slice(caret + 1));
      exponent = match?.[0] ?? '';
      end = caret + 1 + exponent.length;
    }
    out += superscript(exponent) ?? ` to the power ${exponent}`;
    at = end;
  }
};

/**
 * The text with the spaces on both sides of every `sign` removed ("2 * x" → "2*x"). Split and trimmed rather than
 * replaced by a pattern of spaces, sign and spaces, which takes quadratic time on a long run of spaces (ReDoS).
 */
function tightened(text: string, sign: string): string {
  const pieces = text.split(sign);
  return pieces
    .map((piece, index) => {
      const start = index > 0 ? piece.trimStart() : piece;
      return index < pieces.length - 1 ? start.trimEnd() : start;
    })
    .join(sign);
}

/** Where the run of word characters (and . π θ λ ρ ω α μ Δ ² ³) that ends the text starts; scanned from the end. */
function wordStart(text: string): number {
  let start = text.length;
  while (start > 0 && /[\w.πθλρωαμΔ²³]/u.test(text.charAt(start - 1))) start--;
  return start;
}

/**
 * A product as a book writes it: a number or a one-letter symbol is written next to the letter it multiplies ("2x",
 * "2kπ", "mg"), a function after a space ("2 sin(x)", "x² cos(x)"), anything else gets a raised dot ("mol·K",
 * "k·360°", "(2 kg)·(3 m/s²)"). After a division sign the dot stays ("v/2·t" is not "v/2t").
 */
const products = (text: string): string =>
  tightened(text, '*')
    // Units multiplied by units keep their dot (J·s, N·m), though they are one letter each.
    .replace(/\b([JN])\*([sm])\b/gu, '$1·$2')
    .replace(/\*/gu, (_star, offset: number, whole: string) => {
      const head = whole.slice(0, offset);
      const before = head.slice(wordStart(head));
      const divided = head.at(-before.length - 1) === '/';
      const rest = whole.slice(offset + 1);
      if (/^[a-z]{2,}\(/u.test(rest) && !divided) return ' ';
      const simple = /^(?:\d+(?:\.\d+)?|[A-Za-zπθλρωαμΔ][²³]?)$/u.test(before);
      return simple && !divided && /^[A-Za-zπθλρωαμΔ(√]/u.test(rest) ? '' : '·';
    });

/**
 * A sentence for a student without calculator syntax.
 * @param text - a step's explanation, a check's detail or a check's verdict
 * @returns the same sentence with π, θ, √, superscript powers and book-style products
 */
export function readable(text: string): string {
  let out = text.replace(/\b(pi|theta|lambda|rho|omega|alpha|mu|Delta)(?![A-Za-z])/gu, (name) => GREEK[name] ?? name);
  out = out
    .replace(/(?<=\d)pi\b/gu, 'π')
    .replace(/\bkohm\b/gu, 'kΩ')
    .replace(/\bohms?\b/gu, 'Ω')
    .replace(/\bdegC\b/gu, '°C')
    .replace(/(?<=\d) ?deg\b/gu, '°');
  out = roots(out);
  out = tightened(out, '^');
  out = powers(out);
  return products(out);
}
