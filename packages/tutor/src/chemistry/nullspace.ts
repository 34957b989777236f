/**
 * Exact rational arithmetic on BigInt and the nullspace of an integer matrix. Balancing must never round: a
 * floating-point elimination can turn a tiny residue into a wrong coefficient, so every step here is exact.
 */

export interface Fraction {
  /** Numerator; carries the sign. */
  n: bigint;
  /** Denominator; always positive. */
  d: bigint;
}

export function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function lcm(a: bigint, b: bigint): bigint {
  if (a === 0n || b === 0n) return 0n;
  const product = (a * b) / gcd(a, b);
  return product < 0n ? -product : product;
}

export function frac(n: bigint, d: bigint = 1n): Fraction {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

export const sub = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d, a.d * b.n);
export const isZero = (a: Fraction): boolean => a.n === 0n;

/**
 * @param matrix rows of integers (every row the same length)
 * @returns a basis of { v : matrix·v = 0 } with rational entries (empty when only the zero vector solves it)
 */
export function nullspace(matrix: readonly (readonly bigint[])[], columns: number): Fraction[][] {
  const rows = matrix.map((row) => row.map((value) => frac(value)));
  const pivotColumns: number[] = [];
  let pivotRow = 0;
  for (let col = 0; col < columns && pivotRow < rows.length; col++) {
    const found = rows.findIndex((row, index) => index >= pivotRow && !isZero(row[col]!));
    if (found < 0) continue;
    [rows[pivotRow], rows[found]] = [rows[found]!, rows[pivotRow]!];
    const pivot = rows[pivotRow]!;
    const pivotValue = pivot[col]!;
    for (let c = 0; c < columns; c++) pivot[c] = div(pivot[c]!, pivotValue);
    // Full (reduced) elimination, so each pivot variable reads directly off its row.
    for (let r = 0; r < rows.length; r++) {
      if (r === pivotRow) continue;
      const row = rows[r]!;
      const factor = row[col]!;
      if (isZero(factor)) continue;
      for (let c = 0; c < columns; c++) row[c] = sub(row[c]!, mul(factor, pivot[c]!));
    }
    pivotColumns.push(col);
    pivotRow++;
  }
  const basis: Fraction[][] = [];
  for (let free = 0; free < columns; free++) {
    if (pivotColumns.includes(free)) continue;
    const vector: Fraction[] = Array.from({ length: columns }, () => frac(0n));
    vector[free] = frac(1n);
    pivotColumns.forEach((col, r) => {
      const entry = rows[r]![free]!;
      vector[col] = frac(-entry.n, entry.d);
    });
    basis.push(vector);
  }
  return basis;
}

/** @returns the vector scaled to the smallest integers with the same ratios (sign kept) */
export function toSmallestIntegers(vector: readonly Fraction[]): bigint[] {
  const common = vector.reduce((acc, value) => lcm(acc, value.d), 1n);
  const ints = vector.map((value) => (value.n * common) / value.d);
  const divisor = ints.reduce((acc, value) => gcd(acc, value), 0n);
  return divisor > 1n ? ints.map((value) => value / divisor) : ints;
}
