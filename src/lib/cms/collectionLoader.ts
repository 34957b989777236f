import type { Loader } from 'astro/loaders';
import { CmsUnavailableError, cmsGetAll, cmsOptional, cmsUrl } from './client';
import { safeArticleMarkdown } from './safeMarkdown';

interface CmsCollectionOptions<T> {
  /** Collection route, e.g. `/articles`. */
  path: string;
  /** Extra query (populate, sort). */
  query?: Record<string, unknown>;
  /** The entry's id (its slug: the page's URL). */
  idOf: (item: T) => string;
  /** The entry's data, validated by the collection's schema. */
  dataOf: (item: T) => Record<string, unknown>;
  /** The entry's Markdown body (with `$…$` maths), rendered by Astro's pipeline so `render(entry)` works. */
  bodyOf: (item: T) => string;
}

/**
 * A build-time loader for one CMS collection. Only published entries are read (the Public role never sees a
 * draft). A CMS that cannot be read stops the build, unless CMS_OPTIONAL=1 (lint and typecheck need no content).
 */
export function cmsCollection<T>(options: CmsCollectionOptions<T>): Loader {
  return {
    name: `studyease-cms${options.path.replace(/\//g, '-')}`,
    async load(context) {
      const { store, logger } = context;
      let items: T[];
      try {
        items = await cmsGetAll<T>(options.path, options.query);
      } catch (error) {
        if (error instanceof CmsUnavailableError && cmsOptional()) {
          logger.warn(`${error.message} (CMS_OPTIONAL=1: continuing without it)`);
          store.clear();
          return;
        }
        throw error;
      }
      store.clear();
      // Article images may come from the CMS's uploads; the CSP allows no other origin.
      const imageOrigins = [new URL(cmsUrl()).origin];
      for (const item of items) {
        const id = options.idOf(item);
        const body = options.bodyOf(item);
        const data = await context.parseData({ id, data: options.dataOf(item) });
        store.set({
          id,
          data,
          body,
          // Made safe first: Astro would publish raw HTML and javascript: links as written (see safeMarkdown.ts).
          rendered: await context.renderMarkdown(safeArticleMarkdown(body, { imageOrigins })),
          digest: context.generateDigest({ ...data, body }),
        });
      }
      logger.info(`${items.length} entries from ${cmsUrl()}/api${options.path}`);
    },
  };
}
