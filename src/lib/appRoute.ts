// Relative import with extension: scripts/serve.mjs loads this module with Node's own TypeScript support.
import { type ToolId, toToolId } from './tools.ts';
import { trimTrailing } from './trimTrailing.ts';

/** What the app shell shows for a path under /app. */
export type AppRoute =
  | { kind: 'dashboard' }
  | { kind: 'account' }
  | { kind: 'tool'; tool: ToolId }
  | { kind: 'conversation'; tool: ToolId; id: string }
  | { kind: 'not-found'; path: string };

/** Conversation ids are Strapi document ids or numeric ids: letters, digits, dashes, underscores. */
const CONVERSATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Routes a path of the client-rendered app (spec §2): `/app`, `/app/account`, `/app/{tool}`, `/app/{tool}/{id}`. Anything else,
 * including an unknown tool, is a not-found route, shown with the same text as the server's 404 page.
 * @param pathname `location.pathname`
 */
export function parseAppRoute(pathname: string): AppRoute {
  const segments = trimTrailing(pathname, /\//).split('/').filter(Boolean);
  if (segments[0] !== 'app') return { kind: 'not-found', path: pathname };
  const [, slug, id, ...rest] = segments;
  if (slug === undefined) return { kind: 'dashboard' };
  if (slug === 'account' && id === undefined) return { kind: 'account' };
  const tool = toToolId(slug);
  if (!tool || rest.length > 0) return { kind: 'not-found', path: pathname };
  if (id === undefined) return { kind: 'tool', tool };
  return CONVERSATION_ID.test(id) ? { kind: 'conversation', tool, id } : { kind: 'not-found', path: pathname };
}
