// Build-time reads from the CMS (the Strapi backend). Runs in Node during `astro build`, never in a browser.
// No `@/` imports: astro.config.mjs (the sitemap's lastmod) loads this module outside Vite's aliases.
import { stringify } from 'qs-esm';
import { trimTrailing } from '../trimTrailing.ts';

/** Why a page could not be built from the CMS; the build stops with this message rather than publish less. */
export class CmsUnavailableError extends Error {
  constructor(url: string, cause: string) {
    super(
      `The CMS at ${url} could not be read (${cause}). Start the backend first (npm start does it), or point CMS_URL ` +
        'at a running one. The site is not built without its content.',
    );
    this.name = 'CmsUnavailableError';
  }
}

/** The CMS's base URL at build time: CMS_URL, else the backend the site talks to. */
export function cmsUrl(): string {
  const configured = process.env['CMS_URL'] || process.env['PUBLIC_BACKEND_URL'] || 'http://localhost:1337';
  return trimTrailing(configured, /\//);
}

/** Builds (`astro sync` for lint and typecheck) that may go without content: `CMS_OPTIONAL=1`. */
export function cmsOptional(): boolean {
  return process.env['CMS_OPTIONAL'] === '1';
}

/**
 * GET `/api{path}` from the CMS as the Public role (published content only).
 * @throws {CmsUnavailableError} when there is no answer, or not a 2xx JSON one
 */
export async function cmsGet<T>(path: string, query?: Record<string, unknown>): Promise<T> {
  // Strapi's bracketed query syntax (`populate[0]=cover`), as its REST docs use.
  const search = query ? stringify(query, { encodeValuesOnly: true }) : '';
  const url = `${cmsUrl()}/api${path}${search ? `?${search}` : ''}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new CmsUnavailableError(url, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw new CmsUnavailableError(url, `HTTP ${response.status}`);
  try {
    return (await response.json()) as T;
  } catch {
    throw new CmsUnavailableError(url, 'the answer is not JSON');
  }
}

interface Page<T> {
  data: T[];
  meta: { pagination: { page: number; pageCount: number } };
}

/** Every entry of a collection, page by page. */
export async function cmsGetAll<T>(path: string, query: Record<string, unknown> = {}): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await cmsGet<Page<T>>(path, { ...query, pagination: { page, pageSize: 100 } });
    all.push(...data);
    if (page >= meta.pagination.pageCount) return all;
  }
}
