/** Fired on `window` when the app changes its URL itself (pushState does not fire `popstate`). */
export const APP_NAVIGATE_EVENT = 'studyease:navigate';

/**
 * Moves within the app without loading the page again: every /app/** path is the same pre-rendered page, so the
 * shell only has to show another route.
 * @param path a path under /app, with its query if any
 */
export function navigateInApp(path: string, { replace = false } = {}): void {
  if (`${location.pathname}${location.search}` === path) return;
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.dispatchEvent(new Event(APP_NAVIGATE_EVENT));
  if (!replace) window.scrollTo({ top: 0 });
}

/**
 * The in-app path a click should follow without a page load, or null when the browser should handle it (another
 * page, a new tab, a download, a modified click).
 */
export function inAppTarget(event: MouseEvent): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  if (url.pathname !== '/app' && !url.pathname.startsWith('/app/')) return null;
  return `${url.pathname}${url.search}`;
}
