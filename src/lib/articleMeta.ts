/** Reading speed used for "N min read": a common figure for adults reading study texts on screen. */
const WORDS_PER_MINUTE = 200;

/** @returns whole minutes to read a Markdown body, at least 1 */
export function readingMinutes(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    // No brackets inside a link's text or parentheses inside its URL: with them, each `[` or `(` of CMS text
    // without its closing one would start a scan to the end (quadratic).
    .replace(/!\[[^[\]]*\]\([^()]*\)/g, ' ')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/[#>*_`~|-]/g, ' ');
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

interface Tagged {
  id: string;
  tags: readonly string[];
  publishedAt: Date;
}

/**
 * Up to `count` other articles, those sharing the most tags first, then the newest; never the article itself.
 */
export function relatedArticles<T extends Tagged>(article: T, all: readonly T[], count = 3): T[] {
  const tags = new Set(article.tags.map((tag) => tag.toLowerCase()));
  const shared = (other: T) => other.tags.filter((tag) => tags.has(tag.toLowerCase())).length;
  return all
    .filter((other) => other.id !== article.id)
    .map((other) => ({ other, score: shared(other) }))
    .sort((a, b) => b.score - a.score || b.other.publishedAt.getTime() - a.other.publishedAt.getTime())
    .slice(0, count)
    .map(({ other }) => other);
}

/** Articles per page on /blog. */
export const ARTICLES_PER_PAGE = 10;
