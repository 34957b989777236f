import { LRUCache } from 'lru-cache';

/** Kept answers take at most this much memory (an estimate: UTF-16 characters of the key and the answer's JSON). */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Remembers the offline engines' recent answers, per process. The engines are deterministic, so the same
 * question with the same options always gets the same answer; students ask the same questions over and over (the
 * tool pages' worked examples, the try box, a class's homework), and each answer costs tens of milliseconds of a
 * worker thread — the tutor's throughput under load was bound by exactly that (`npm run bench:load`). Questions
 * being solved are shared too: a second student asking while the first answer is on its way waits for it instead
 * of solving it again. Model answers are never cached (they are not deterministic), nor answers refused for time.
 * Bounded by count and by bytes (issue #11: every in-memory cache is bounded by bytes), least recently used first.
 */
export class AnswerCache<T> {
  private readonly kept: LRUCache<string, { answer: T }>;
  /** Solves in progress, shared by everyone asking meanwhile; as many as the tutor is solving at once. */
  private readonly solving = new Map<string, Promise<T>>();

  /**
   * @param capacity - how many answers are kept at most
   * @param maxBytes - how much memory they may take at most (estimated)
   */
  constructor(capacity: number, maxBytes = DEFAULT_MAX_BYTES) {
    this.kept = new LRUCache({
      max: capacity,
      maxSize: maxBytes,
      sizeCalculation: (value, key) => 2 * (key.length + JSON.stringify(value.answer).length),
    });
  }

  /**
   * @param key - what identifies the question (tool, text, options)
   * @param solve - computes the answer when it is not known
   * @param keep - whether an answer may be kept (false: a time-out, which depends on the load, not the question)
   * @returns the answer, a copy of the kept one when cached (callers may change what they get)
   */
  async get(key: string, solve: () => Promise<T>, keep: (answer: T) => boolean): Promise<T> {
    const known = this.kept.get(key);
    if (known !== undefined) return structuredClone(known.answer);
    const inFlight = this.solving.get(key);
    if (inFlight !== undefined) return structuredClone(await inFlight);
    const pending = solve();
    this.solving.set(key, pending);
    try {
      const answer = await pending;
      // An answer larger than the whole budget is simply not kept (lru-cache refuses it).
      if (keep(answer)) this.kept.set(key, { answer });
      return structuredClone(answer);
    } finally {
      this.solving.delete(key);
    }
  }

  /** @returns how many answers are kept and their estimated size in bytes (for tests) */
  stats(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.kept.calculatedSize };
  }
}
