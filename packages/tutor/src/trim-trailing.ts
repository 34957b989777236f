/**
 * Removes the run of characters at the end of a text that a one-character class matches, e.g.
 * `trimTrailing(question, /[?.!\s]/)`. Our own loop rather than `text.replace(/[?.!\s]+$/, '')`: V8 retries such a
 * pattern from every character of a long run that does not reach the end, which is quadratic (1.7 s for 20,000
 * question marks followed by one letter).
 *
 * @param text - the text to trim
 * @param charClass - a regex matching one character, e.g. `/[/]/` or `/\s/`
 * @returns the text without that trailing run
 */
export const trimTrailing = (text: string, charClass: RegExp): string => {
  let end = text.length;
  while (end > 0 && charClass.test(text.charAt(end - 1))) end--;
  return text.slice(0, end);
};
