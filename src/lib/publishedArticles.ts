import { type CollectionEntry, getCollection } from 'astro:content';

export type Article = CollectionEntry<'blog'>;

/**
 * Published articles, newest first. The collection holds only what the CMS publishes (its Public role never sees
 * a draft), so every list, page, feed and sitemap entry comes from here.
 */
export async function publishedArticles(): Promise<Article[]> {
  const articles = await getCollection('blog');
  return articles.sort((a, b) => b.data.publishedAt.getTime() - a.data.publishedAt.getTime());
}
