import { PREFETCH_CONCURRENCY } from '@/config';

const requested = new Set<string>();
const waiting: string[] = [];
let inFlight = 0;

function load(href: string): void {
  if (inFlight >= PREFETCH_CONCURRENCY) {
    waiting.push(href);
    return;
  }
  inFlight++;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  const done = (): void => {
    inFlight--;
    const next = waiting.shift();
    if (next) load(next);
  };
  link.addEventListener('load', done);
  link.addEventListener('error', done);
  document.head.append(link);
}

function onIntent(event: Event): void {
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (!anchor || anchor.origin !== location.origin || anchor.hasAttribute('download')) return;
  const href = `${anchor.pathname}${anchor.search}`;
  if (anchor.pathname === location.pathname || requested.has(href)) return;
  requested.add(href);
  load(href);
}

/**
 * Prefetches same-origin pages when the pointer rests on a link, a link gets keyboard focus, or a finger touches
 * it, so the next page is in the cache by the time the click lands. Each page once; at most
 * `PREFETCH_CONCURRENCY` loads at once; nothing on data-saver connections.
 */
export function startPrefetch(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  for (const type of ['mouseover', 'focusin', 'touchstart']) {
    document.addEventListener(type, onIntent, { passive: true });
  }
}
