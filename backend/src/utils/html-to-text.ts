const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/**
 * Replaces each `<a … href="url" …>label</a>` by `label (url)`, or by the url alone when the label is the url.
 * A scan with indexOf rather than one regex over the whole element: that regex backtracked over every split of
 * the text (4.5 s for 2,000 characters of `<a href="`), and the body of a mail may carry what a visitor typed.
 */
const writeLinks = (html: string): string => {
  const lower = html.toLowerCase();
  const openTag = /<a\b[^<>]*>/gi;
  let out = '';
  let done = 0;
  for (let open = openTag.exec(html); open; open = openTag.exec(html)) {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(open[0]);
    if (!href) continue;
    const labelStart = open.index + open[0].length;
    const close = lower.indexOf('</a>', labelStart);
    if (close < 0) break; // no closing tag further on for this link or any later one
    const text = html
      .slice(labelStart, close)
      .replace(/<[^<>]*>/g, '')
      .trim();
    const url = decodeEntities(href[1] ?? href[2] ?? '');
    out += html.slice(done, open.index) + (text === '' || decodeEntities(text) === url ? url : `${text} (${url})`);
    done = close + '</a>'.length;
    openTag.lastIndex = done;
  }
  return out + html.slice(done);
};

/** Drops `<script>`, `<style>` and `<head>` elements with their content (an indexOf scan, see writeLinks). */
const dropElements = (html: string): string => {
  const lower = html.toLowerCase();
  const openTag = /<(script|style|head)\b/gi;
  let out = '';
  let done = 0;
  for (let open = openTag.exec(html); open; open = openTag.exec(html)) {
    const closeTag = `</${(open[1] ?? '').toLowerCase()}>`;
    const close = lower.indexOf(closeTag, open.index + open[0].length);
    if (close < 0) continue;
    out += html.slice(done, open.index);
    done = close + closeTag.length;
    openTag.lastIndex = done;
  }
  return out + html.slice(done);
};

/**
 * Turns the simple HTML of our email templates into a readable plain-text part.
 *
 * Strapi's users-permissions sends the same string as `text` and `html`, so without this the plain-text part
 * would show raw tags. This is not a general HTML renderer: it handles what email templates use (paragraphs,
 * line breaks, lists, links) and drops every other tag. A tag ends at the first `>` and holds no `<`: with
 * `[^<>]`, every expression here is linear (tests/redos.test.ts).
 *
 * @param html - the email body
 * @returns the body as text: one blank line between paragraphs, links written as "label (url)" or the bare url
 */
export const htmlToText = (html: string): string => {
  const text = dropElements(writeLinks(html))
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^<>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote)>/gi, '\n\n')
    .replace(/<[^<>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};
