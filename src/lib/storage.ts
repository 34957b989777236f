/** The part of the Web Storage API we use, so that tests and private-mode fallbacks can stand in for it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const fallbacks = new Map<string, KeyValueStorage>();

/**
 * Returns `localStorage` or `sessionStorage` when the browser lets us use it, else an in-memory stand-in:
 * Safari's private mode and disabled cookies make storage throw, and that must not break the page.
 * @param kind which Web Storage area
 */
export function getStorage(kind: 'local' | 'session'): KeyValueStorage {
  try {
    const storage = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    const probe = '__studyease_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    let fallback = fallbacks.get(kind);
    if (!fallback) {
      fallback = memoryStorage();
      fallbacks.set(kind, fallback);
    }
    return fallback;
  }
}

export { memoryStorage };
