import type { Loader } from 'astro/loaders';
import { cmsUrl } from './client';
import { cmsCollection } from './collectionLoader';

/** An article as the CMS's REST API returns it (Strapi 5, flat; `backend/README.md`, "Content (CMS)"). */
interface CmsArticle {
  slug: string;
  title: string;
  description: string;
  body: string;
  author: string;
  tags: unknown;
  seoTitle?: string | null;
  seoDescription?: string | null;
  coverAlt?: string | null;
  cover?: { url: string; width?: number | null; height?: number | null; alternativeText?: string | null } | null;
  publishedAt: string;
  updatedAt: string;
}

/** Strapi's local uploads answer with a path; the site needs the whole address. */
const absolute = (url: string): string => (/^https?:\/\//.test(url) ? url : `${cmsUrl()}${url}`);

/** Nulls are left out: the collection's schema treats a missing field and an empty one alike. */
function dataOf(article: CmsArticle): Record<string, unknown> {
  const { cover } = article;
  return {
    title: article.title,
    description: article.description,
    author: article.author,
    tags: Array.isArray(article.tags) ? article.tags : [],
    publishedAt: article.publishedAt,
    updatedAt: article.updatedAt,
    ...(article.seoTitle ? { seoTitle: article.seoTitle } : {}),
    ...(article.seoDescription ? { seoDescription: article.seoDescription } : {}),
    ...(cover
      ? {
          cover: {
            url: absolute(cover.url),
            ...(cover.width ? { width: cover.width } : {}),
            ...(cover.height ? { height: cover.height } : {}),
            alt: article.coverAlt || cover.alternativeText || '',
          },
        }
      : {}),
  };
}

/** Published blog articles, with their cover image. */
export const cmsArticles = (): Loader =>
  cmsCollection<CmsArticle>({
    path: '/articles',
    query: { populate: ['cover'], sort: ['publishedAt:desc'] },
    idOf: (article) => article.slug,
    dataOf,
    bodyOf: (article) => article.body,
  });

interface CmsLegalPage {
  slug: string;
  title: string;
  body: string;
  effectiveDate?: string | null;
  updatedAt: string;
}

/** Published legal pages (privacy policy, terms of service). */
export const cmsLegalPages = (): Loader =>
  cmsCollection<CmsLegalPage>({
    path: '/legal-pages',
    idOf: (page) => page.slug,
    dataOf: (page) => ({ title: page.title, effectiveDate: page.effectiveDate ?? page.updatedAt }),
    bodyOf: (page) => page.body,
  });
