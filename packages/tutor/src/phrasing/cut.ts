/**
 * @param text - text with single spaces
 * @param pattern - what to take out (its first match)
 * @returns the text with the first match cut out and the spaces around it made one, and the match (null when
 *   there is none)
 */
export function cut(text: string, pattern: RegExp): [string, RegExpExecArray | null] {
  const match = pattern.exec(text);
  if (!match) return [text, null];
  const before = text.slice(0, match.index).trimEnd();
  const after = text.slice(match.index + match[0].length).trimStart();
  return [before && after ? `${before} ${after}` : before + after, match];
}
