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

/**
 * @param text - the question with plain symbols and single spaces
 * @returns the question with words for operations as symbols, and number words beside an operation as digits
 */
export function wordsToMath(text: string): string {
  let out = text;
  for (const [pattern, replacement] of WORDS) out = out.replace(pattern, replacement);
  // "five times x", "x plus two": a number word is a number only beside an operation, never in a sentence.
  out = out.replace(new RegExp(`${NUMBER_WORD}(?= ?[-+*/^=])`, 'gi'), (word) => number(word));
  out = out.replace(new RegExp(`(?<=[-+*/^=] ?)${NUMBER_WORD}`, 'gi'), (word) => number(word));
  return out;
}
