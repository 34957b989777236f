/**
 * Exact rational numbers on BigInt, the one rational type of every engine (math's exact steps, chemistry's
 * balancing). Answers such as `5/6` or `x = 7/3` must be exact, and floating point would turn `1/3` into `0.333…`.
 * Ours rather than fraction.js (which mathjs wraps): plain readonly objects that survive a worker thread's structured
 * clone and compare field by field, with the size guards (`bits`) the engines rely on.
 */
import { trimTrailing } from './trim-trailing';

export interface Q {
  readonly n: bigint;
  /** Always positive; the fraction is always reduced. */
  readonly d: bigint;
}

export const abs = (a: bigint): bigint => (a < 0n ? -a : a);

export const gcd = (a: bigint, b: bigint): bigint => {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export const lcm = (a: bigint, b: bigint): bigint => (a === 0n || b === 0n ? 0n : abs(a * b) / gcd(a, b));

export const q = (n: bigint | number, d: bigint | number = 1n): Q => {
  let nn = BigInt(n);
  let dd = BigInt(d);
  if (dd === 0n) throw new RangeError('division by zero');
  if (dd < 0n) {
    nn = -nn;
    dd = -dd;
  }
  const g = gcd(nn, dd) || 1n;
  return { n: nn / g, d: dd / g };
};

export const ZERO = q(0);
export const ONE = q(1);

export const add = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Q, b: Q): Q => q(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
export const div = (a: Q, b: Q): Q => q(a.n * b.d, a.d * b.n);
export const neg = (a: Q): Q => ({ n: -a.n, d: a.d });
export const isZero = (a: Q): boolean => a.n === 0n;
export const isOne = (a: Q): boolean => a.n === 1n && a.d === 1n;
export const isInt = (a: Q): boolean => a.d === 1n;
export const eq = (a: Q, b: Q): boolean => a.n === b.n && a.d === b.d;
export const cmp = (a: Q, b: Q): number => {
  const diff = a.n * b.d - b.n * a.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};
export const sign = (a: Q): number => (a.n < 0n ? -1 : a.n > 0n ? 1 : 0);
export const toNumber = (a: Q): number => Number(a.n) / Number(a.d);

/** Bits of the larger of numerator and denominator: the guard against numbers growing without bound. */
export const bits = (a: Q): number => Math.max(abs(a.n).toString(2).length, a.d.toString(2).length);

/** Integer power; the caller guards the exponent's size (`2^(10^10)` must never reach here). */
export const pow = (a: Q, e: number): Q => {
  if (e < 0) return pow(div(ONE, a), -e);
  return q(a.n ** BigInt(e), a.d ** BigInt(e));
};

/** Parses `12`, `-3.25`, `1e3` exactly (a decimal is a fraction over a power of ten, not a float). */
export const parseDecimal = (text: string): Q | null => {
  const match = /^(-)?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return null;
  const frac = match[3] ?? '';
  const exp = Number(match[4] ?? '0') - frac.length;
  if (Math.abs(exp) > 400) return null;
  let n = BigInt((match[2] ?? '') + frac || '0');
  if (match[1]) n = -n;
  return exp >= 0 ? q(n * 10n ** BigInt(exp)) : q(n, 10n ** BigInt(-exp));
};

/** `5/6`, `-3`, `7/2` */
export const toFraction = (a: Q): string => (a.d === 1n ? a.n.toString() : `${a.n}/${a.d}`);

/** The exact decimal when the denominator has only the factors 2 and 5 (`89.6`), otherwise null. */
export const toTerminatingDecimal = (a: Q): string | null => {
  let d = a.d;
  let twos = 0;
  let fives = 0;
  while (d % 2n === 0n) {
    d /= 2n;
    twos++;
  }
  while (d % 5n === 0n) {
    d /= 5n;
    fives++;
  }
  if (d !== 1n) return null;
  const places = Math.max(twos, fives);
  if (places > 30) return null;
  const scaled = (a.n * 10n ** BigInt(places)) / a.d;
  const negative = scaled < 0n;
  const digits = abs(scaled)
    .toString()
    .padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places ? trimTrailing(digits.slice(digits.length - places), /0/) : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
};

/** Integer square root (floor) of a non-negative BigInt. */
export const isqrt = (v: bigint): bigint => {
  if (v < 0n) throw new RangeError('negative');
  if (v < 2n) return v;
  let x = BigInt(Math.floor(Math.sqrt(Number(v))));
  while (x * x > v) x--;
  while ((x + 1n) * (x + 1n) <= v) x++;
  return x;
};

/** Splits a positive integer into k^2 * m with m square-free (as far as trial division up to 10^4 goes). */
export const splitSquare = (v: bigint): { k: bigint; m: bigint } => {
  let k = 1n;
  let m = v;
  for (let p = 2n; p * p <= m && p < 10000n; p++) {
    while (m % (p * p) === 0n) {
      m /= p * p;
      k *= p;
    }
  }
  const r = isqrt(m);
  if (r * r === m) return { k: k * r, m: 1n };
  return { k, m };
};
