import { SITE_NAME } from '@/config';
import { statusMessage } from '@/lib/httpStatus';

export interface PageTitleInput {
  /** The page's own title, when it has one. */
  title?: string | undefined;
  /** The request path, used for the fallback title. */
  pathname: string;
  /** HTTP status of an error page (404, 500); takes precedence over the path fallback. */
  statusCode?: number | undefined;
}

/**
 * Title-cases a path segment: `reset-passwrod` → `Reset Passwrod`.
 * @param segment one URL path segment, possibly percent-encoded
 */
export function titleCaseSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape keeps the raw segment rather than failing the page.
  }
  return decoded
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The document title (spec §2): the page's own title, else the status code and message on an error page, else the
 * last path segment title-cased; the home page (no segment) gets the site name alone.
 * @returns the text for `<title>`, suffixed with the site name
 */
export function pageTitle({ title, pathname, statusCode }: PageTitleInput): string {
  const own = title?.trim();
  if (own) return own.includes(SITE_NAME) ? own : `${own} | ${SITE_NAME}`;
  if (statusCode !== undefined && statusCode >= 400) {
    return `${statusCode} ${statusMessage(statusCode)} | ${SITE_NAME}`;
  }
  const last = pathname.split('/').filter(Boolean).pop();
  const fallback = last ? titleCaseSegment(last) : '';
  return fallback ? `${fallback} | ${SITE_NAME}` : SITE_NAME;
}
