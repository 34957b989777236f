// Relative import with extension: scripts/serve.mjs loads this module with Node's own TypeScript support.
import { type ToolId, toToolId } from './tools.ts';
import { trimTrailing } from './trimTrailing.ts';

/** What the app shell shows for a path under /app. */
export type AppRoute =
  | { kind: 'dashboard' }
  | { kind: 'account' }
  | { kind: 'practice' }
  | { kind: 'tool'; tool: ToolId }
  | { kind: 'conversation'; tool: ToolId; id: string }
  | { kind: 'not-found'; path: string };

/**
 * The app's pages (spec §2) as @nanostores/router patterns: the browser's router store (src/stores/router.ts)
 * matches them; `account` and `practice` come before `tool`, as the router tries them in order.
 */
export const APP_PAGES = {
  dashboard: '/app',
  account: '/app/account',
  practice: '/app/practice',
  tool: '/app/:tool',
  conversation: '/app/:tool/:id',
} as const;

/** A matched page, as the router gives it: the pattern's name and its parameters. */
export type AppPage =
  | { route: 'dashboard' | 'account' | 'practice'; path: string }
  | { route: 'tool'; path: string; params: { tool: string } }
  | { route: 'conversation'; path: string; params: { tool: string; id: string } };

/** Conversation ids are Strapi document ids or numeric ids: letters, digits, dashes, underscores. */
const CONVERSATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What a matched page shows: an unknown tool or a malformed id is the not-found route, shown with the same text
 * as the server's 404 page.
 * @param page the match, or undefined when no pattern matched
 * @param pathname the path, for the not-found route
 */
export function toAppRoute(page: AppPage | undefined, pathname: string): AppRoute {
  const notFound: AppRoute = { kind: 'not-found', path: pathname };
  switch (page?.route) {
    case undefined:
      return notFound;
    case 'dashboard':
    case 'account':
    case 'practice':
      // The router matches its patterns whatever their case; the paths we serve are lower case.
      return page.path === APP_PAGES[page.route] ? { kind: page.route } : notFound;
    case 'tool': {
      const tool = toToolId(page.params.tool);
      return tool ? { kind: 'tool', tool } : notFound;
    }
    case 'conversation': {
      const tool = toToolId(page.params.tool);
      return tool && CONVERSATION_ID.test(page.params.id)
        ? { kind: 'conversation', tool, id: page.params.id }
        : notFound;
    }
  }
}

/**
 * Routes a path outside the browser (the server's 404 status, scripts/serve.mjs): the same pages as APP_PAGES, by
 * segments, since the router's matching lives in its store, which follows a browser's location and history.
 * @param pathname a decoded URL path
 */
export function parseAppRoute(pathname: string): AppRoute {
  const path = trimTrailing(pathname, /\//);
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== 'app') return toAppRoute(undefined, pathname);
  const [, slug, id, ...rest] = segments;
  let page: AppPage | undefined;
  if (rest.length > 0) page = undefined;
  else if (slug === undefined) page = { route: 'dashboard', path };
  else if (id === undefined)
    page =
      slug === 'account' || slug === 'practice'
        ? { route: slug, path }
        : { route: 'tool', path, params: { tool: slug } };
  else page = { route: 'conversation', path, params: { tool: slug, id } };
  return toAppRoute(page, pathname);
}
