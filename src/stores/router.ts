import { createRouter } from '@nanostores/router';
import { computed } from 'nanostores';
import { APP_PAGES, type AppRoute, toAppRoute } from '@/lib/appRoute';

/**
 * The app shell's URL (spec §2): /app/** is one pre-rendered page, and this store follows back/forward and the
 * app's own navigation. `links: false`: the router's own click handler would take every same-origin link on the
 * page, while only /app/** is this page (the site header's links load normally); followAppLink takes those.
 */
export const $router = createRouter(APP_PAGES, { links: false });

/** What the shell shows: the matched page, with unknown tools and malformed ids as not-found. */
export const $appRoute = computed($router, (page): AppRoute => toAppRoute(page, location.pathname));

/**
 * Moves within the app without loading the page again.
 * @param path a path under /app, with its query if any
 * @param options `replace` to replace the history entry rather than add one
 */
export function navigateInApp(path: string, { replace = false } = {}): void {
  if (`${location.pathname}${location.search}` === path) return;
  $router.open(path, replace);
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

/**
 * Follows a click on a link to another /app path without a page load (the shell stays, with its session and
 * history). Put on the app's root element.
 */
export function followAppLink(event: MouseEvent): void {
  const target = inAppTarget(event);
  if (target === null) return;
  event.preventDefault();
  navigateInApp(target);
}
