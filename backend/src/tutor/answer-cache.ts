/**
 * Remembers the offline engines' recent answers, per process. The engines are deterministic, so the same
 * question with the same options always gets the same answer; students ask the same questions over and over (the
 * tool pages' worked examples, the try box, a class's homework), and each answer costs tens of milliseconds of a
 * worker thread — the tutor's throughput under load was bound by exactly that (`npm run bench:load`). Questions
 * being solved are shared too: a second student asking while the first answer is on its way waits for it instead
 * of solving it again. Model answers are never cached (they are not deterministic), nor answers refused for time.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, Promise<T>>();
  private readonly capacity: number;

  /** @param capacity - how many answers are kept; the least recently used goes first */
  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /**
   * @param key - what identifies the question (tool, text, options)
   * @param solve - computes the answer when it is not known
   * @param keep - whether an answer may be kept (false: a time-out, which depends on the load, not the question)
   * @returns the answer, a copy of the kept one when cached (callers may change what they get)
   */
  async get(key: string, solve: () => Promise<T>, keep: (answer: T) => boolean): Promise<T> {
    const known = this.entries.get(key);
    if (known !== undefined) {
      // Map keeps insertion order: moving the key to the end makes the first entry the least recently used.
      this.entries.delete(key);
      this.entries.set(key, known);
      return structuredClone(await known);
    }
    const pending = solve();
    this.entries.set(key, pending);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    try {
      const answer = await pending;
      if (!keep(answer)) this.forget(key, pending);
      return structuredClone(answer);
    } catch (error) {
      this.forget(key, pending);
      throw error;
    }
  }

  /** Drops `key` if it still holds `pending` (a newer entry is left alone). */
  private forget(key: string, pending: Promise<T>): void {
    if (this.entries.get(key) === pending) this.entries.delete(key);
  }
}
