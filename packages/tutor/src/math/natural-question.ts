/**
 * A generated practice question as a teacher writes it: the generators put random numbers into templates, which
 * can give "1x", "x^1", "+ 0", "+ -2" or "- -3"; these are tidied away before the question is solved and checked
 * (practice() solves the tidied text, so what the student reads is what was verified).
 */

/**
 * @param question - a question a practice generator wrote (`3x + -2 = 1x - -4`)
 * @returns the same question without unit coefficients, powers of one, zero terms or doubled signs (`3x - 2 = x + 4`)
 */
export function naturalQuestion(question: string): string {
  return (
    question
      // "+ -2" → "- 2", "- -3" → "+ 3" (a sign before a negative number).
      .replace(/([+-])\s*-\s*(?=[\d(a-z])/g, (_, sign: string) => (sign === '+' ? '- ' : '+ '))
      // "+ 0", "- 0x", "+ 0x^2": a zero term adds nothing (not "= 0", not "0.5", not "10").
      // The match starts only where a run of spaces starts, so a long run is tried once (ReDoS).
      .replace(/(?<!\s)\s*[+-]\s*(?<![\d.])0(?![\d.])(?:[a-z](?:\^\d+)?)?(?=\s|$|[=)<>,?])/g, '')
      // "1x" → "x", "-1x^2" → "-x^2", not "11x" or "0.1x".
      .replace(/(?<![\d.])1(?=[a-z(])(?!st\b)/g, '')
      // "x^1" → "x".
      .replace(/\^1(?![\d.])/g, '')
      .replace(/\s{2,}/g, ' ')
      .trim()
  );
}

/** A leading instruction a generator writes in lower case. */
const INSTRUCTION = /^(?:solve|expand|factor|simplify|integrate|increase|decrease|prove|convert|what|find|work out)\b/;

/**
 * A generated question as an exercise reads (issue #16): an instruction first, with a capital ("Solve 5x + 1 =
 * x + 17", "Find the derivative of …", "Find lim x->2 …"). The engine solves the text this returns, so what the
 * student reads is still exactly what was checked.
 * @param question - a tidied generated question (`5x + 1 = x + 17`, `derivative of x^3`)
 */
export function asExercise(question: string): string {
  let text = question;
  if (/^(?:\w+ )?derivative of\b/.test(text)) text = `find the ${text}`;
  else if (/^lim\b/.test(text)) text = `find ${text}`;
  else if (/^percentage change\b/.test(text)) text = `find the ${text}`;
  else if (/^[\d(].* as a percentage$/.test(text)) text = `write ${text}`;
  else if (!INSTRUCTION.test(text) && !text.endsWith('?')) {
    if (/[=<>]/.test(text)) text = `solve ${text}`;
    else if (/^[\d(]/.test(text)) text = `work out ${text}`;
  }
  // Every sentence starts with a capital ("… is 90. What was the original price?").
  return text.replace(/(^|[.?!] )([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}
