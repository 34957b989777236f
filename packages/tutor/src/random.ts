/**
 * A seeded random source (mulberry32) for practice: the same seed text gives the same questions, a new one new
 * questions. A few lines of our own rather than a library: nothing more than this is needed.
 */
export function seededRandom(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
