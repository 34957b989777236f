// The seeded generator of the dev tools: `npm run fuzz` draws its hostile requests from it (backend/scripts/
// fuzz-cases.mts) and `npm run bench` its fixture articles (bench/fixture-cms.mjs). Ours rather than a library's
// (pure-rand has no mulberry32): a fuzz seed such as CI's `--seed 1` names exactly this sequence of requests.

/**
 * mulberry32: small, fast and good enough to pick cases; the same numbers on every platform.
 * @param seed any integer; the same seed gives the same sequence
 * @returns a function giving the next float in [0, 1)
 */
export const prng = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
