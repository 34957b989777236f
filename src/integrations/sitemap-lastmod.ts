import type { SitemapItem } from '@astrojs/sitemap';
import { cmsGetAll } from '../lib/cms/client.ts';

interface Dated {
  slug: string;
  updatedAt: string;
}

/**
 * `lastmod` for every sitemap entry: an article's or legal page's own last update in the CMS, the newest
 * article's for /blog and its pages, and the build's time for pages whose content lives in the code. The CMS is
 * read once per build (after the pages, so it answers: the build needed it).
 */
export function sitemapLastmod(): (item: SitemapItem) => Promise<SitemapItem> {
  const buildTime = new Date().toISOString();
  let dates: Promise<{ articles: Map<string, string>; legal: Map<string, string>; newest: string }> | null = null;
  const load = () =>
    (dates ??= Promise.all([
      cmsGetAll<Dated>('/articles', { fields: ['slug', 'updatedAt'] }),
      cmsGetAll<Dated>('/legal-pages', { fields: ['slug', 'updatedAt'] }),
    ]).then(([articles, legal]) => ({
      articles: new Map(articles.map((article) => [article.slug, article.updatedAt])),
      legal: new Map(legal.map((page) => [page.slug, page.updatedAt])),
      newest:
        articles
          .map((article) => article.updatedAt)
          .sort()
          .at(-1) ?? buildTime,
    })));

  return async (item) => {
    const path = new URL(item.url).pathname;
    const { articles, legal, newest } = await load();
    const article = /^\/blog\/([^/]+)$/.exec(path)?.[1];
    const lastmod =
      (article && articles.get(article)) ||
      legal.get(path.slice(1)) ||
      (path === '/blog' || path.startsWith('/blog/page/') ? newest : buildTime);
    return { ...item, lastmod };
  };
}
