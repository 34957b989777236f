/**
 * Words for maths read as the maths ("x squared minus 9 equals 0" is x^2 - 9 = 0). Only operator words between
 * operands are replaced, so a sentence that is not maths keeps its words and is refused in plain words later.
 * The text has single spaces (plainSymbols), hence the literal spaces in the expressions.
 */
const OPERAND = String.raw`(-?\d+(?:\.\d+)?|[a-z]\b|\([^()]*\))`;

const WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [new RegExp(String.raw`\b(?:the )?(?:square root|sqrt) of ${OPERAND}`, 'gi'), 'sqrt($1)'],
  [new RegExp(String.raw`\b(?:the )?cube root of ${OPERAND}`, 'gi'), 'cbrt($1)'],
  // Logarithms in words: "log base 2 of x", "log to the base 3 of 81", "the natural log of x", "log_5 25".
  [
    new RegExp(String.raw`\b(?:the )?(?:log|logarithm) (?:to )?(?:the )?base (\d+(?:\.\d+)?|e) of ${OPERAND}`, 'gi'),
    'log_$1($2)',
  ],
  [
    new RegExp(
      String.raw`\b(?:the )?(?:log|logarithm) of ${OPERAND} (?:to|in|with) (?:the )?base (\d+(?:\.\d+)?)`,
      'gi',
    ),
    'log_$2($1)',
  ],
  [new RegExp(String.raw`\b(?:the )?(?:natural (?:log|logarithm)|ln) of ${OPERAND}`, 'gi'), 'ln($1)'],
  [new RegExp(String.raw`\b(?:the )?(?:log|logarithm) of ${OPERAND}`, 'gi'), 'log($1)'],
  [new RegExp(String.raw`\blog_ ?(\d+) (\d+(?:\.\d+)?|[a-z]\b)`, 'gi'), 'log_$1($2)'],
  // "twice x", "half of 84", "3/4 of 60": a multiple or a fraction of an amount is a product.
  [new RegExp(String.raw`\btwice (?:the )?${OPERAND}`, 'gi'), '2*$1'],
  [new RegExp(String.raw`\b(?:a |one )?half of ${OPERAND}`, 'gi'), '$1/2'],
  [/\b(\d+) ?\/ ?(\d+) of (\d+(?:\.\d+)?|\([^()]*\))/gi, '$1/$2*$3'],
  [new RegExp(String.raw`\b(?:the )?square of ${OPERAND}`, 'gi'), '$1^2'],
  [new RegExp(String.raw`\b(?:the )?cube of ${OPERAND}`, 'gi'), '$1^3'],
  // "x over 2": a fraction, only between a number or single letter and the next (lower case: "over R", "over the
  // reals" are qualifiers, read later).
  [/(?<=\d|\b[a-z]|\)) over (?=\d|[a-z]\b|\()/g, ' / '],
  [/ squared\b/gi, '^2'],
  [/ cubed\b/gi, '^3'],
  [/ (?:to|raised to) the (?:power of |power )?(\d+)(?:st|nd|rd|th)?(?: power)?\b/gi, '^$1'],
  [/ (?:multiplied by|times) /gi, ' * '],
  [/ (?:divided by) /gi, ' / '],
  [/ (?:plus|added to) /gi, ' + '],
  [/ minus /gi, ' - '],
  [/ (?:equals|is equal to|equal to) /gi, ' = '],
  [/\bnegative (?=\d|[a-z]\b)/gi, '-'],
];

const NUMBERS: Readonly<Record<string, string>> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  twenty: '20',
  hundred: '100',
};
const NUMBER_WORD = String.raw`\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred)\b`;
const number = (word: string): string => NUMBERS[word.toLowerCase()] ?? word;

// "two thirds of 90", "a quarter of 60", "three fifths of 45": a fraction in words of an amount.
const COUNTS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const PARTS: Readonly<Record<string, number>> = {
  third: 3,
  quarter: 4,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};
const FRACTION_OF =
  /\b(a|an|one|two|three|four|five|six|seven|eight|nine) (third|quarter|fourth|fifth|sixth|seventh|eighth|ninth|tenth)s? of (\d+(?:\.\d+)?)\b/gi;

/** "x + 1 all over 2": everything before on its side of the equals sign is the numerator. */
const allOver = (side: string): string => {
  const at = side.search(/ all over /i);
  if (at < 0) return side;
  const numerator = side.slice(0, at).trim();
  const denominator = side.slice(at + ' all over '.length).trim();
  return ` (${numerator})/(${denominator}) `;
};

/**
 * @param text - the question with plain symbols and single spaces
 * @returns the question with words for operations as symbols, and number words beside an operation as digits
 */
export function wordsToMath(text: string): string {
  let out = text;
  for (const [pattern, replacement] of WORDS) out = out.replace(pattern, replacement);
  out = out.replace(FRACTION_OF, (whole, count: string, part: string, amount: string) => {
    const [n, d] = [COUNTS[count.toLowerCase()], PARTS[part.toLowerCase()]];
    return n && d ? `${String(n)}/${String(d)}*${amount}` : whole;
  });
  if (/ all over /i.test(out)) out = out.split('=').map(allOver).join('=').trim().replace(/ {2,}/g, ' ');
  // "five times x", "x plus two": a number word is a number only beside an operation, never in a sentence.
  out = out.replace(new RegExp(`${NUMBER_WORD}(?= ?[-+*/^=])`, 'gi'), (word) => number(word));
  out = out.replace(new RegExp(`(?<=[-+*/^=] ?)${NUMBER_WORD}`, 'gi'), (word) => number(word));
  return out;
}
