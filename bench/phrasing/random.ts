import { prng } from '../../tools/prng.ts';

/** A seeded generator (tools/prng.ts's mulberry32), so the corpus is the same on every run and every machine. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** An integer in [min, max] other than the ones in `not`. */
  intNot(min: number, max: number, not: readonly number[]): number;
  pick<T>(items: readonly T[]): T;
}

export function seeded(seed: number): Random {
  const next = prng(seed);
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    intNot: (min, max, not) => {
      for (;;) {
        const value = int(min, max);
        if (!not.includes(value)) return value;
      }
    },
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}
