import { copyFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/**
 * @astrojs/sitemap writes `sitemap-index.xml`; crawlers and the spec look for `/sitemap.xml`. A copy in the build
 * output works on every static host, where a rewrite rule would depend on the host.
 */
export function sitemapAlias(): AstroIntegration {
  return {
    name: 'studyease:sitemap-alias',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        await copyFile(new URL('sitemap-index.xml', dir), new URL('sitemap.xml', dir));
        logger.info('sitemap.xml written');
      },
    },
  };
}
