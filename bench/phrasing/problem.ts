/** One student-phrased problem of the corpus with its answer, computed by the generator, never by an engine. */
export interface Problem {
  family: string;
  tool: 'math-solver' | 'physics-solver' | 'chemistry-solver';
  question: string;
  expected: Expected;
}

export type Expected =
  /** The real solutions of an equation in one variable; `decimals` when the question asks for rounding. */
  | { kind: 'roots'; variable: string; values: readonly number[]; decimals?: number }
  /** Complex solutions as [re, im] pairs. */
  | { kind: 'complex-roots'; variable: string; values: ReadonlyArray<readonly [number, number]> }
  /** The solution of a system, by variable. */
  | { kind: 'system'; values: Readonly<Record<string, number>> }
  /** A plain number (a percentage, a limit, a definite integral). */
  | { kind: 'number'; value: number }
  /** A physical quantity in SI units (mathjs unit syntax: `m/s^2`, `J`, `kg/m^3`). */
  | { kind: 'quantity'; value: number; unit: string }
  /** An expression in one variable, written for mathjs. */
  | { kind: 'expression'; variable: string; expression: string }
  /** A balanced chemical equation of these species (in this order on each side). */
  | { kind: 'balanced'; reactants: readonly string[]; products: readonly string[] };

export interface Family {
  name: string;
  tool: Problem['tool'];
  /** What the family tests, for the table's readers. */
  about: string;
  make(random: import('./random.ts').Random): Omit<Problem, 'family' | 'tool'>;
}
