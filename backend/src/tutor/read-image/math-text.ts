/**
 * Turns what a reader saw in a photo (OCR text, or a vision model's transcription) into the engines' plain input:
 * `2x² − 5x ÷ 3 = 1O` → `2x^2 - 5x / 3 = 10`. Our own code because no library knows the engines' syntax or the
 * mistakes OCR makes on printed maths; each rule fixes only what cannot mean anything else.
 */
import { SUPERSCRIPT_PLAIN } from '@studyease/contract/scripts';

/** Vulgar fractions, written on one line. */
const VULGAR_FRACTIONS: Readonly<Record<string, string>> = {
  '½': '1/2',
  '⅓': '1/3',
  '⅔': '2/3',
  '¼': '1/4',
  '¾': '3/4',
  '⅕': '1/5',
  '⅛': '1/8',
};

/** Words a maths line may hold without being prose. */
const MATH_WORDS = new Set(['sqrt', 'sin', 'cos', 'tan', 'log', 'ln', 'exp', 'pi', 'lim', 'abs']);

/** A line of three or more dashes or underscores: the bar of a fraction set on two lines. */
const FRACTION_BAR = /^\s*[-_—–−]{3,}\s*$/;

/**
 * @param line - one line of text
 * @returns whether the line reads as a formula rather than a sentence (no word of three letters or more other than
 *   a function name): the OCR fixes below only touch such lines, never a word problem's words
 */
export const isMathLine = (line: string): boolean => {
  const words = line.match(/[A-Za-z]{3,}/g) ?? [];
  return /[=<>+\-*/^\d]/.test(line) && words.every((word) => MATH_WORDS.has(word.toLowerCase()));
};

/** Unicode maths into ASCII, on any line. */
const asciiMath = (text: string): string =>
  text
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+/g, (run) => `^${run.replace(/./gu, (c) => SUPERSCRIPT_PLAIN[c] ?? '')}`)
    .replace(/[½⅓⅔¼¾⅕⅛]/g, (c) => VULGAR_FRACTIONS[c] ?? c)
    .replace(/[−–—‐]/g, '-')
    .replace(/[×·⋅∙]/g, ' * ')
    .replace(/[÷:]/g, (c, offset: number, all: string) =>
      // A colon is a division only between numbers ("6 : 3"), not after a label ("Solve: 2x = 4").
      c === '÷' || /\d\s*$/.test(all.slice(0, offset)) ? ' / ' : c,
    )
    .replace(/≤/g, '<=')
    .replace(/≥/g, '>=')
    .replace(/≠/g, '!=')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"');

/**
 * OCR's letter-for-digit mistakes, fixed only where a digit is the one reading: O or o beside a digit (`1O` → `10`,
 * `O.5` → `0.5`), l or I beside a digit (`l2` → `12`), never beside another letter (`log`, `Ox`); a `|` stays, it
 * may be an absolute value.
 */
const fixDigitLookalikes = (line: string): string => {
  // A capital X or Y standing alone is the variable (school maths writes them lower-case); `Yy`, `Xx` are one
  // letter read twice.
  let fixed = line
    .replace(/(?<![A-Za-z])(?:Xx|xX|Yy|yY)(?![A-Za-z])/g, (pair) => pair.toLowerCase().slice(0, 1))
    .replace(/(?<![A-Za-z])[XY](?![A-Za-z])/g, (c) => c.toLowerCase());
  for (let pass = 0; pass < 3; pass += 1) {
    fixed = fixed
      .replace(/(?<=[\d.])[Oo](?![A-Za-z])|(?<![A-Za-z])[Oo](?=[\d.]\d)|(?<![A-Za-z])[Oo](?=\d)/g, '0')
      .replace(/(?<=\d)[lI](?![A-Za-z])|(?<![A-Za-z])[lI](?=\d)/g, '1')
      // An S before a one-letter variable is a 5 (`Sy` → `5y`); a number never starts with 0 and a digit, so its
      // point was lost (`05x` → `0.5x`).
      .replace(/(?<![A-Za-z\d])S(?=[a-z](?![A-Za-z]))/g, '5')
      .replace(/(?<![\d.])0(?=\d)/g, '0.');
  }
  return fixed;
};

/**
 * Powers that lost their superscript: a one-letter variable followed at once by digits is a power (`x2` → `x^2`,
 * `3y2` → `3y^2`), since nobody writes `2x` as `x2`. A lone `x` between two numbers (`3x4`, `3 x 4`) is a times
 * sign when x is not the line's variable (no other x on the line); otherwise it is left to the power rule.
 */
const fixPowersAndTimes = (line: string): string => {
  const otherX = line.replace(/\d\s*[xX]\s*\d/g, '').match(/(?<![A-Za-z])x(?![A-Za-z])/);
  const timesFixed = otherX ? line : line.replace(/(?<=\d)\s*[xX]\s*(?=\d)/g, ' * ');
  return (
    timesFixed
      // OCR reads a superscript ² as `?` after a letter, and a doubled minus where blur thickens one.
      .replace(/(?<=[a-z])\?/g, '^2')
      .replace(/(?<=[\s\d\w)])-\s*-(?=\s*\d)/g, '-')
      .replace(/(?<![A-Za-z^])([a-z])(\d+)(?![\d.])/g, '$1^$2')
  );
};

/** One space around `=`, `<`, `>`, `+` and a binary `-`; none inside a power, a product's `*` keeps one. */
const spaceOperators = (line: string): string => {
  const tokens = line.replace(/\s+/g, '').match(/<=|>=|!=|[=<>+\-*/^()]|[^=<>+\-*/^()!]+|!/g) ?? [];
  let out = '';
  let previous = '';
  for (const token of tokens) {
    const binaryMinus = token === '-' && previous !== '' && !/^(?:<=|>=|!=|[=<>+\-*/^(])$/.test(previous);
    if (/^(?:<=|>=|!=|[=<>+*])$/.test(token) || binaryMinus) out += ` ${token} `;
    else out += token;
    previous = token;
  }
  return out.replace(/\s+/g, ' ').trim();
};

/** A formula line fixed and spaced; a sentence ending in a formula (`Solve: 2x+3=11`) has that formula fixed. */
const cleanLine = (line: string): string => {
  const fix = (math: string): string => spaceOperators(fixPowersAndTimes(fixDigitLookalikes(math)));
  if (isMathLine(line)) return fix(line);
  // Split at the first colon by hand: one regular expression for label and formula backtracks on long runs of spaces.
  const colon = line.indexOf(':');
  const label = line.slice(0, colon + 1);
  const formula = line.slice(colon + 1).trim();
  return colon > 0 && /^[A-Za-z][A-Za-z ,]*:$/.test(label) && formula !== '' && isMathLine(formula)
    ? `${label} ${fix(formula)}`
    : line;
};

/**
 * Joins a fraction set on three lines (numerator, bar, denominator) into one: `x + 1` / `---` / `2` → `(x + 1)/2`.
 */
const joinStackedFractions = (lines: string[]): string[] => {
  const joined: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const bar = lines[index + 1];
    const below = lines[index + 2];
    const above = lines[index] ?? '';
    if (bar !== undefined && below !== undefined && FRACTION_BAR.test(bar) && isMathLine(above) && isMathLine(below)) {
      const group = (part: string): string => (/^[\w.^]+$/.test(part.replace(/\s+/g, '')) ? part : `(${part})`);
      joined.push(`${group(above.trim())}/${group(below.trim())}`);
      index += 2;
    } else {
      joined.push(above);
    }
  }
  return joined;
};

/**
 * @param raw - the text as read (lines separated by newlines); `^` may already mark a superscript the reader saw
 * @returns the exercise in the engines' input: maths lines fixed and spaced, word lines joined into one paragraph
 */
export const cleanMathText = (raw: string): string => {
  // The fraction bars are joined before lines of nothing but specks and dashes (noise) are dropped.
  const lines = joinStackedFractions(
    asciiMath(raw)
      .split(/\r?\n/)
      .map((line) => line.replace(/[ \t]+/g, ' ').trim())
      .filter((line) => line !== ''),
  ).filter((line) => !/^[\s.,'`"~_-]*$/.test(line));
  const cleaned = lines.map(cleanLine);
  // A word problem's lines are one sentence flow; a maths line stays on its own line.
  const out: string[] = [];
  for (const [index, line] of cleaned.entries()) {
    const previous = out.at(-1);
    const lineIsMath = isMathLine(lines[index] ?? '');
    const previousIsMath = index > 0 && isMathLine(lines[index - 1] ?? '');
    if (previous !== undefined && !lineIsMath && !previousIsMath) out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out.join('\n');
};

/**
 * @param text - the engines' input from cleanMathText
 * @returns the same as LaTeX, for showing it rendered (powers braced, `*` as `\cdot`, `sqrt(…)` as `\sqrt{…}`)
 */
export const mathTextToLatex = (text: string): string =>
  text
    .split('\n')
    .map((line) =>
      isMathLine(line)
        ? line
            .replace(
              /\^\(([^()]*)\)|\^(-?[\w.]+)/g,
              (_match, group?: string, single?: string) => `^{${group ?? single ?? ''}}`,
            )
            .replace(/sqrt\(([^()]*)\)/g, '\\sqrt{$1}')
            .replace(/\*/g, '\\cdot')
            .replace(/<=/g, '\\le')
            .replace(/>=/g, '\\ge')
            .replace(/!=/g, '\\ne')
            .replace(/\bpi\b/g, '\\pi')
        : `\\text{${line.replace(/[\\{}$&#%_]/g, (c) => (c === '\\' ? '\\textbackslash{}' : `\\${c}`))}}`,
    )
    .join('\\\\\n');
