import { atom } from 'nanostores';
import { STORAGE_KEYS } from '@/config';
import { getStorage, type KeyValueStorage } from '@/lib/storage';

/** The fingerprint record (spec §3): created once, never recreated while it exists. */
export interface VisitorRecord {
  visitorId: string;
  createdAt: string;
}

export const $visitor = atom<VisitorRecord | null>(null);

/** Computes a visitor id; the default loads FingerprintJS on demand so pages that never need it never ship it. */
export type VisitorIdSource = () => Promise<string>;

const fingerprintSource: VisitorIdSource = async () => {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  // monitoring: false turns off the library's occasional call to the vendor, so no request leaves our origins.
  const agent = await load({ monitoring: false });
  const result = await agent.get();
  return result.visitorId;
};

function readRecord(storage: KeyValueStorage): VisitorRecord | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.visitor) ?? 'null');
    if (parsed && typeof parsed === 'object' && 'visitorId' in parsed && 'createdAt' in parsed) {
      const { visitorId, createdAt } = parsed;
      if (typeof visitorId === 'string' && visitorId && typeof createdAt === 'string') return { visitorId, createdAt };
    }
  } catch {
    // A corrupt record is replaced below.
  }
  return null;
}

let pending: Promise<VisitorRecord> | null = null;

/**
 * Returns the stored visitor record, computing and storing it only when none exists. Concurrent callers share
 * one computation.
 */
export function ensureVisitor(
  source: VisitorIdSource = fingerprintSource,
  storage: KeyValueStorage = getStorage('local'),
): Promise<VisitorRecord> {
  const existing = readRecord(storage);
  if (existing) {
    $visitor.set(existing);
    return Promise.resolve(existing);
  }
  pending ??= source()
    .then((visitorId) => {
      const record: VisitorRecord = { visitorId, createdAt: new Date().toISOString() };
      storage.setItem(STORAGE_KEYS.visitor, JSON.stringify(record));
      $visitor.set(record);
      return record;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
