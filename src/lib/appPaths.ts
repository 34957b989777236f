/**
 * Paths that one pre-rendered page serves for many URLs, as a static host's rewrite rules do. Shared by the dev
 * server (integrations/app-shell-rewrite.ts) and the production server (scripts/serve.mjs), so both agree;
 * public/_redirects says the same for static hosts.
 */

/** The app shell: `/app` and everything below it. */
export function isAppPath(pathname: string): boolean {
  return pathname === '/app' || pathname.startsWith('/app/');
}

/** The social sign-in return page, one for every provider. */
export const CONNECT_REDIRECT_PAGE = '/auth/connect/provider/redirect';
const CONNECT_REDIRECT = /^\/auth\/connect\/[^/]+\/redirect$/;

/**
 * @param pathname a URL path without query
 * @returns the path of the page that serves it, or undefined when it is served as it is
 */
export function rewriteTarget(pathname: string): string | undefined {
  if (isAppPath(pathname)) return '/app';
  if (CONNECT_REDIRECT.test(pathname)) return CONNECT_REDIRECT_PAGE;
  return undefined;
}
