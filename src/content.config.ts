import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { cmsArticles, cmsLegalPages } from '@/lib/cms/loaders';

/**
 * Blog articles: published articles from the CMS (Strapi), read at build time. The schema is the contract the
 * CMS's answers must meet; an article that does not fails the build with the field named.
 */
const blog = defineCollection({
  loader: cmsArticles(),
  schema: z.object({
    title: z.string().min(1).max(120),
    description: z.string().min(1).max(300),
    author: z.string().min(1),
    tags: z.array(z.string()).default([]),
    publishedAt: z.coerce.date(),
    updatedAt: z.coerce.date(),
    seoTitle: z.string().max(70).optional(),
    seoDescription: z.string().max(160).optional(),
    cover: z
      .object({
        url: z.url(),
        width: z.number().int().positive().optional(),
        height: z.number().int().positive().optional(),
        alt: z.string().min(1, 'an article cover needs alt text'),
      })
      .optional(),
  }),
});

/** Privacy policy and terms of service, edited in the CMS; a page the CMS does not publish is not built. */
const legal = defineCollection({
  loader: cmsLegalPages(),
  schema: z.object({ title: z.string().min(1), effectiveDate: z.coerce.date() }),
});

export const collections = { blog, legal };
