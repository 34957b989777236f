import type { AstroIntegration } from 'astro';
import { isAppPath } from '../lib/appPaths.ts';

/**
 * `/app/**` is one pre-rendered page that routes on the client. Production servers rewrite every `/app/**` path
 * to it (scripts/serve.mjs, public/_redirects); this does the same for `astro dev`.
 */
export function appShellRewrite(): AstroIntegration {
  return {
    name: 'studyease:app-shell-rewrite',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, _res, next) => {
          const [path = '', query] = (req.url ?? '').split('?', 2);
          if (isAppPath(path) && path !== '/app') req.url = `/app${query ? `?${query}` : ''}`;
          next();
        });
      },
    },
  };
}
