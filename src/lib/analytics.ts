/** The visitor-analytics script a page loads: its URL and the Subresource Integrity hash it must match. */
export interface AnalyticsScript {
  src: string;
  integrity: string;
}

/** One or more `sha256-`/`sha384-`/`sha512-` base64 digests, as the `integrity` attribute takes them. */
const INTEGRITY = /^(sha(256|384|512)-[A-Za-z0-9+/]+={0,2})(\s+sha(256|384|512)-[A-Za-z0-9+/]+={0,2})*$/;

/**
 * Whether a page may load the analytics script: never the signed-in app (`/app…`) nor the auth pages (`/auth…`),
 * where the session is made and used and a third-party script could read it (issue #11).
 * @param pathname the page's path
 */
export function analyticsAllowedOn(pathname: string): boolean {
  return !/^\/(app|auth)(\/|$|\.html$)/i.test(pathname);
}

/**
 * The analytics script from PUBLIC_ANALYTICS_SRC and PUBLIC_ANALYTICS_INTEGRITY: none without a source; with one,
 * only pinned to its hash, so a changed file on the analytics host is refused by the browser instead of running
 * with the site's cookies.
 * @param src the script's URL, https
 * @param integrity its Subresource Integrity hash (`sha384-…`)
 * @returns the script, or null when analytics is off
 * @throws Error when a source is set without a valid hash or is not an https URL: the build stops and says why
 */
export function analyticsScript(src: string | undefined, integrity: string | undefined): AnalyticsScript | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    throw new Error(`PUBLIC_ANALYTICS_SRC is not a URL: ${JSON.stringify(src)}`);
  }
  if (url.protocol !== 'https:') throw new Error(`PUBLIC_ANALYTICS_SRC must be an https URL, not ${src}`);
  const hash = (integrity ?? '').trim();
  if (!INTEGRITY.test(hash)) {
    throw new Error(
      'PUBLIC_ANALYTICS_SRC is set without PUBLIC_ANALYTICS_INTEGRITY (its Subresource Integrity hash, e.g. ' +
        '"sha384-…" from `openssl dgst -sha384 -binary script.js | openssl base64 -A`): an analytics script ' +
        'that is not pinned to its hash could be changed to read the session cookie.',
    );
  }
  return { src: url.href, integrity: hash };
}
