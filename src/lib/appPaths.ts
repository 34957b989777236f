/**
 * Whether a request path belongs to the client-routed app shell (`/app` and everything below it).
 * Shared by the dev rewrite and the production server so both route the same paths.
 * @param pathname a URL path without query
 */
export function isAppPath(pathname: string): boolean {
  return pathname === '/app' || pathname.startsWith('/app/');
}
