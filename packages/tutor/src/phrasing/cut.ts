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

/** How far back a lead-in can reach: a few words ("and give your answers rounded"), never the whole question. */
const LEAD_REACH = 60;

/**
 * Like cut, with the words that lead into the match cut too ("give your answer", "rounded" before "to 2 dp"),
 * found by a bounded walk back rather than by a repeated group before the match: such a group would be retried
 * from every word of a long question (quadratic).
 * @param text - text with single spaces
 * @param pattern - what to take out (its first match)
 * @param lead - one lead-in phrase, anchored at the end (`…$`), with no unbounded part
 * @returns as cut
 */
export function cutWithLead(text: string, pattern: RegExp, lead: RegExp): [string, RegExpExecArray | null] {
  const match = pattern.exec(text);
  if (!match) return [text, null];
  let start = match.index;
  for (let step = 0; step < 4; step++) {
    const window = text.slice(Math.max(0, start - LEAD_REACH), start);
    const found = lead.exec(window);
    if (!found || found[0].length === 0) break;
    start -= found[0].length;
  }
  const before = text.slice(0, start).trimEnd();
  const after = text.slice(match.index + match[0].length).trimStart();
  return [before && after ? `${before} ${after}` : before + after, match];
}
