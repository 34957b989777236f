/**
 * Removes the run of characters at the end of a text that a one-character class matches, e.g.
 * `trimTrailing(url, /\//)`. Our own loop rather than `text.replace(/\/+$/, '')`: a backtracking engine retries
 * such a pattern from every character of a long run that does not reach the end, which is quadratic.
 *
 * @param text - the text to trim
 * @param charClass - a regex matching one character
 * @returns the text without that trailing run
 */
export function trimTrailing(text: string, charClass: RegExp): string {
  let end = text.length;
  while (end > 0 && charClass.test(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}
