import { RELOAD_GUARD_MS, STORAGE_KEYS } from '@/config';
import type { KeyValueStorage } from '@/lib/storage';

type ReloadLog = Record<string, number>;

function readLog(storage: KeyValueStorage): ReloadLog {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.reloadGuard) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

/**
 * Decides whether a failed chunk load may reload the page: at most once per path within `RELOAD_GUARD_MS`, so a
 * chunk that is truly missing cannot put the tab in a reload loop. Records the reload when it allows one.
 * @param path the path being reloaded (query and hash excluded by the caller)
 * @param now the current time in ms
 * @returns true when the caller should reload now
 */
export function claimReload(path: string, now: number, storage: KeyValueStorage): boolean {
  const log = readLog(storage);
  const last = log[path];
  if (last !== undefined && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  // Entries older than the window are dropped so the log cannot grow without bound.
  const fresh = Object.fromEntries(Object.entries(log).filter(([, at]) => now - at < RELOAD_GUARD_MS && at <= now));
  fresh[path] = now;
  storage.setItem(STORAGE_KEYS.reloadGuard, JSON.stringify(fresh));
  return true;
}
