import { CANONICAL_QUERY_WHITELIST } from '@/config';
import { trimTrailing } from '@/lib/trimTrailing';

/**
 * The canonical URL of a page (spec §9): same origin and path, only whitelisted query parameters (in a stable
 * order), no hash, no `.html` and no trailing slash except for the root, and lowercased so that `/Pricing` and `/pricing` count
 * as one page for search engines.
 * @param url the page's URL (path and query are read from it)
 * @param site the public site origin; when given it replaces the URL's own origin
 */
export function canonicalUrl(url: URL | string, site?: URL | string): string {
  const source = new URL(url);
  const origin = site ? new URL(site).origin : source.origin;
  // The build writes pages as `pricing.html` (build.format 'file'); the public URL has no extension.
  let pathname = source.pathname
    .toLowerCase()
    .replace(/(^|\/)index\.html$/, '$1')
    .replace(/\.html$/, '');
  if (pathname.length > 1) pathname = trimTrailing(pathname, /\//) || '/';
  const kept = new URLSearchParams();
  for (const name of CANONICAL_QUERY_WHITELIST) {
    const value = source.searchParams.get(name);
    if (value !== null && value !== '') kept.set(name, value.toLowerCase());
  }
  const query = kept.toString();
  return `${origin.toLowerCase()}${pathname}${query ? `?${query}` : ''}`;
}
