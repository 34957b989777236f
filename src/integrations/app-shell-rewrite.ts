import type { AstroIntegration } from 'astro';
import { rewriteTarget } from '../lib/appPaths.ts';

/**
 * `/app/**` and the social sign-in return pages are each one pre-rendered page that reads the URL on the client.
 * Production servers rewrite to them (scripts/serve.mjs, public/_redirects); this does the same for `astro dev`.
 */
export function appShellRewrite(): AstroIntegration {
  return {
    name: 'studyease:app-shell-rewrite',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, _res, next) => {
          const [path = '', query] = (req.url ?? '').split('?', 2);
          const target = rewriteTarget(path);
          if (target && target !== path) req.url = `${target}${query ? `?${query}` : ''}`;
          next();
        });
      },
    },
  };
}
