import { type CollectionEntry, getCollection } from 'astro:content';

export type Article = CollectionEntry<'blog'>;

/**
 * Published articles, newest first. The draft rule lives here only, so no list or page can show a draft.
 */
export async function publishedArticles(): Promise<Article[]> {
  const articles = await getCollection('blog', ({ data }) => !data.draft);
  return articles.sort((a, b) => b.data.publishedAt.getTime() - a.data.publishedAt.getTime());
}
