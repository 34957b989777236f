/**
 * The nullspace of an integer matrix, in exact rationals (the package's one rational type, ../rational.ts).
 * Balancing must never round: a floating-point elimination can turn a tiny residue into a wrong coefficient, so
 * every step here is exact.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Q, ONE, ZERO, div, gcd, isZero, lcm, mul, q, sub } from '../rational';

/**
 * @param matrix rows of integers (every row the same length)
 * @returns a basis of { v : matrix·v = 0 } with rational entries (empty when only the zero vector solves it)
 */
export function nullspace(matrix: readonly (readonly bigint[])[], columns: number): Q[][] {
  const rows = matrix.map((row) => row.map((value) => q(value)));
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
  const basis: Q[][] = [];
  for (let free = 0; free < columns; free++) {
    if (pivotColumns.includes(free)) continue;
    const vector: Q[] = Array.from({ length: columns }, () => ZERO);
    vector[free] = ONE;
    pivotColumns.forEach((col, r) => {
      const entry = rows[r]![free]!;
      vector[col] = q(-entry.n, entry.d);
    });
    basis.push(vector);
  }
  return basis;
}

/** @returns the vector scaled to the smallest integers with the same ratios (sign kept) */
export function toSmallestIntegers(vector: readonly Q[]): bigint[] {
  const common = vector.reduce((acc, value) => lcm(acc, value.d), 1n);
  const ints = vector.map((value) => (value.n * common) / value.d);
  const divisor = ints.reduce((acc, value) => gcd(acc, value), 0n);
  return divisor > 1n ? ints.map((value) => value / divisor) : ints;
}
