/** Words that carry a question's maths: a digit, an operator, or an arrow of a reaction. */
const MATH_WORD = /[\d=+*/^<>→±√∫]|->/;

/** A unit written after a number: a short word of letters, not a common small word of the sentence. */
const UNIT = /^(?!(?:to|of|in|at|on|by|is|an|and|or|as|if|it|for|the)\b)[a-zA-Zµ°Ω%/²³]{1,4}[.,;:?!]?$/;

/** Room a title gets in the sidebar's history (its width holds about this many characters of its font). */
export const SIDEBAR_TITLE_CHARS = 26;

/**
 * A conversation's title shortened for a narrow list without losing what tells it apart. Cutting the end (CSS
 * ellipsis) turned three word problems into "A box of 5 kg is pushe…" three times: this keeps the opening words,
 * then the words that carry the maths (numbers, operators, units beside them), then the end of the question,
 * with "…" for each run of words left out.
 *
 * @param title - the full title (a question's first line, or what the student renamed it to)
 * @param max - the characters there is room for
 * @returns the title itself when it fits, else a shortened one of at most `max` characters
 */
export function historyTitle(title: string, max = SIDEBAR_TITLE_CHARS): string {
  const text = title.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const words = text.split(' ');
  const keep = new Set<number>();
  const tryKeep = (index: number): boolean => {
    if (index < 0 || index >= words.length || keep.has(index)) return false;
    keep.add(index);
    if (shortened(words, keep).length <= max) return true;
    keep.delete(index);
    return false;
  };
  // The opening words, up to a third of the room: they say what kind of question it is.
  for (let index = 0; index < words.length && tryKeep(index); index++) {
    if (index > 0 && shortened(words, keep).length > max / 3) {
      keep.delete(index);
      break;
    }
  }
  // Every word with maths in it, in order, while there is room, each with the unit written after it.
  const mathWords = words.flatMap((word, index) => (MATH_WORD.test(word) ? [index] : []));
  for (const index of mathWords) if (tryKeep(index) && UNIT.test(words[index + 1] ?? '')) tryKeep(index + 1);
  // A word too long to keep whole (a pasted formula): cut in the middle so that both its ends show.
  if (keep.size === 0 || (mathWords.length > 0 && !mathWords.some((index) => keep.has(index)))) {
    const half = Math.floor((max - 1) / 2);
    return `${text.slice(0, max - 1 - half)}…${text.slice(text.length - half)}`;
  }
  // Then, a word at a time from each side, the end of the question (what it asks for) and more of its start.
  const free = (from: number, step: number): number => {
    let index = from;
    while (keep.has(index)) index += step;
    return index;
  };
  for (let open = { end: true, start: true }; open.end || open.start;) {
    if (open.end) open.end = tryKeep(free(words.length - 1, -1));
    if (open.start) open.start = tryKeep(free(0, 1));
  }
  return shortened(words, keep);
}

/** The kept words in order, with "…" where words were left out. */
function shortened(words: readonly string[], keep: ReadonlySet<number>): string {
  const parts: string[] = [];
  let skipped = false;
  for (const [index, word] of words.entries()) {
    if (keep.has(index)) {
      if (skipped) parts.push('…');
      parts.push(word);
    }
    skipped = !keep.has(index);
  }
  if (skipped) parts.push('…');
  return parts.join(' ');
}
