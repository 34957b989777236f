import type { Core } from '@strapi/strapi';
import { parseHttpUrl } from '../utils/env';

/**
 * The site is static: it reads the CMS only when it is built. So that an editor's publish goes live by itself,
 * every change to what the site shows POSTs the site server's rebuild hook (`scripts/serve.mjs`, `POST /__rebuild`
 * with `Authorization: Bearer <SITE_REBUILD_SECRET>`), which rebuilds and swaps the new build in. Off unless
 * `SITE_REBUILD_HOOK_URL` is set. The call happens after the editor's write is committed, is debounced (a burst of
 * publishes makes one call) and never fails the write: a site that cannot be reached is logged, and the next
 * change calls it again.
 */

/** The content types the site is built from. */
export const SITE_CONTENT_TYPES: readonly string[] = [
  'api::article.article',
  'api::legal-page.legal-page',
  'api::plan.plan',
];

/** Quiet time after the last change before the hook is called. */
export const REBUILD_HOOK_DEBOUNCE_MS = 1000;

/** How long the site may take to accept the hook (it answers at once and builds afterwards). */
const HOOK_TIMEOUT_MS = 10_000;

export interface RebuildHookConfig {
  /** `SITE_REBUILD_HOOK_URL`, e.g. http://localhost:4321/__rebuild */
  url: string;
  /** `SITE_REBUILD_SECRET`: the site server's `REBUILD_SECRET` */
  secret: string;
}

/**
 * @param env - the environment (process.env)
 * @returns the hook's settings, or null when `SITE_REBUILD_HOOK_URL` is unset (the hook is off)
 * @throws Error when the URL is not an http(s) URL, or the secret is missing: a hook that can never succeed
 *   should stop the start, not fail quietly on every publish
 */
export const readRebuildHookConfig = (env: NodeJS.ProcessEnv): RebuildHookConfig | null => {
  const url = env['SITE_REBUILD_HOOK_URL']?.trim() ?? '';
  if (url === '') return null;
  const secret = env['SITE_REBUILD_SECRET'] ?? '';
  if (secret === '') {
    throw new Error("SITE_REBUILD_HOOK_URL is set: set SITE_REBUILD_SECRET too (the site server's REBUILD_SECRET)");
  }
  return { url: parseHttpUrl('SITE_REBUILD_HOOK_URL', url), secret };
};

/** The part of a document-service event this module reads (`strapi.eventHub`'s `entry.*` events). */
interface EntryEvent {
  uid?: unknown;
  entry?: { publishedAt?: unknown } | null;
}

/**
 * Whether an event changes what the built site shows. Publishing and unpublishing always do. Creates, updates and
 * deletes do when they touch a published version: a plan (no drafts: always published), or a published article or
 * legal page being deleted. An editor saving a draft does not.
 *
 * @param name - the event's name, e.g. `entry.publish`
 * @param event - its payload
 * @returns true when the site should be rebuilt
 */
export const changesSite = (name: string, event: EntryEvent): boolean => {
  if (typeof event.uid !== 'string' || !SITE_CONTENT_TYPES.includes(event.uid)) return false;
  if (name === 'entry.publish' || name === 'entry.unpublish') return true;
  if (name === 'entry.create' || name === 'entry.update' || name === 'entry.delete') {
    const publishedAt = event.entry?.publishedAt;
    return publishedAt !== null && publishedAt !== undefined;
  }
  return false;
};

export interface RebuildNotifier {
  /** Asks for a rebuild: the hook is called once the changes stop for the debounce time. */
  notify(): void;
  /** Cancels a pending call (the backend is stopping). */
  cancel(): void;
}

/**
 * Calls the hook, debounced.
 *
 * @param config - the hook's URL and secret
 * @param log - where failures go
 * @param debounceMs - quiet time before the call
 * @returns the notifier
 */
export const createRebuildNotifier = (
  config: RebuildHookConfig,
  log: { info(message: string): unknown; warn(message: string): unknown },
  debounceMs = REBUILD_HOOK_DEBOUNCE_MS,
): RebuildNotifier => {
  let timer: NodeJS.Timeout | undefined;

  const call = async (): Promise<void> => {
    timer = undefined;
    try {
      const response = await fetch(config.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'content changed' }),
        signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      });
      if (response.ok) log.info(`[studyease] asked the site to rebuild (${config.url}: ${response.status})`);
      else log.warn(`[studyease] the site's rebuild hook ${config.url} answered ${response.status}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(`[studyease] could not reach the site's rebuild hook ${config.url}: ${reason}`);
    }
  };

  return {
    notify() {
      clearTimeout(timer);
      timer = setTimeout(() => void call(), debounceMs);
      // A pending call never keeps a stopping process alive.
      timer.unref();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
};

/**
 * Subscribes to the document service's events (emitted after the write is committed) when the hook is configured.
 * Registered last in the bootstrap, so the first start's seed does not call it.
 *
 * @param strapi - the running Strapi instance
 */
export const registerRebuildHook = (strapi: Core.Strapi): void => {
  const config = readRebuildHookConfig(process.env);
  if (config === null) return;
  const notifier = createRebuildNotifier(config, strapi.log);
  // Never throws: the event hub awaits its subscribers, and an editor's request must not fail because of the site.
  // Strapi's destroy() removes every subscriber; the pending call's timer does not hold the process.
  strapi.eventHub.subscribe((name: string, ...args: unknown[]) => {
    const [event] = args;
    if (typeof event === 'object' && event !== null && changesSite(name, event)) notifier.notify();
    return Promise.resolve();
  });
  strapi.log.info(`[studyease] site rebuild hook on: ${config.url}`);
};
