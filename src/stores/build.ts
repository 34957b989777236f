import { atom } from 'nanostores';
import { BUILD_CHECK_INTERVAL_MS } from '@/config';
import { claimReload } from '@/lib/reloadGuard';
import { getStorage } from '@/lib/storage';

/** The build this page came from, inlined at build time. */
export const CURRENT_BUILD_ID: string = import.meta.env.PUBLIC_BUILD_ID ?? 'dev';

/** Becomes true once the server publishes a build other than the one this page runs. */
export const $newBuildAvailable = atom(false);

/**
 * Asks the server which build it serves.
 * @returns the build id, or null when the check could not be made (offline, server restarting)
 */
export async function fetchLatestBuildId(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher('/build.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return body && typeof body === 'object' && 'id' in body && typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

/** Compares the served build with ours and records a difference. */
export async function checkForNewBuild(fetcher: typeof fetch = fetch): Promise<boolean> {
  const latest = await fetchLatestBuildId(fetcher);
  if (latest !== null && latest !== CURRENT_BUILD_ID) $newBuildAvailable.set(true);
  return $newBuildAvailable.get();
}

/**
 * Watches for new deploys: periodically and whenever the tab becomes visible again. After a deploy, lazily loaded
 * chunks of the old build are gone; a failed chunk load then reloads the page, at most once per path per 10 s.
 * @returns a function that stops watching
 */
export function watchBuilds(): () => void {
  const check = (): void => void checkForNewBuild();
  const onVisible = (): void => {
    if (document.visibilityState === 'visible') check();
  };
  const onPreloadError = (event: Event): void => {
    if (claimReload(location.pathname, Date.now(), getStorage('session'))) {
      event.preventDefault();
      location.reload();
    }
  };
  const timer = setInterval(check, BUILD_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
