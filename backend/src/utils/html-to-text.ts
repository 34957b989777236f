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
 * Turns the simple HTML of our email templates into a readable plain-text part.
 *
 * Strapi's users-permissions sends the same string as `text` and `html`, so without this the plain-text part
 * would show raw tags. This is not a general HTML renderer: it handles what email templates use (paragraphs,
 * line breaks, lists, links) and drops every other tag.
 *
 * @param html - the email body
 * @returns the body as text: one blank line between paragraphs, links written as "label (url)" or the bare url
 */
export const htmlToText = (html: string): string => {
  const withLinks = html.replace(
    /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a>/gi,
    (_whole, _quote: string, href: string, label: string) => {
      const text = label.replace(/<[^>]*>/g, '').trim();
      const url = decodeEntities(href);
      return text === '' || decodeEntities(text) === url ? url : `${text} (${url})`;
    },
  );
  const text = withLinks
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};
