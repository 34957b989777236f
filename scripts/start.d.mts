// Types for scripts/start.mjs, so typed code (its unit test) can import it.

/** What `npm start` prints once everything is up; `secretFile` is where the rebuild secret is kept. */
export function statusText(urls: {
  siteUrl: string;
  backendUrl: string;
  mail: string;
  rebuildHookUrl: string;
  secretFile: string;
}): string;
