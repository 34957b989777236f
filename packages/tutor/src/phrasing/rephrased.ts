/**
 * What the phrasing layer hands the engines: the question in the engine's own phrasing, plus what the student said
 * about the answer's form and where its solutions must lie, which the engine honours after solving.
 */

/** What the student asked about the answer's form. */
export interface Qualifiers {
  /** "to 2 decimal places", "to 2 dp", "round to 2 d.p.". */
  decimals?: number;
  /** "to 3 significant figures", "3 s.f.". */
  significantFigures?: number;
  /** "over the complex numbers", "complex roots". */
  complex?: boolean;
  /** "real solutions of", "over the reals", "find all real x", "in ℝ": only real solutions are asked for. */
  real?: boolean;
  /** "the positive solution", "x > 0" after the equation: only the roots of that sign. */
  sign?: 'positive' | 'negative';
  /** The letter of a condition "x > 0" (the unknown it restricts). */
  signOf?: string;
  /** "exactly", "exact", "in simplest form": the engine's answers are exact anyway; kept to say so. */
  exact?: boolean;
}

/**
 * An interval the solutions must lie in ("for 0 ≤ x < 2π", "on [0, 2π)", "between 0 and 360 degrees"), bounds in
 * the engine's syntax (`2*pi`, `360`). The trigonometric-equation solver (math/trig, its TrigInterval) reads this
 * shape: keep the two in step.
 */
export interface Interval {
  variable: string;
  lower: string;
  upper: string;
  lowerOpen: boolean;
  upperOpen: boolean;
  /** The bounds, and so the answers, are in degrees. */
  degrees: boolean;
}

/** A percentage question in words, with the student's numbers as they wrote them. */
export type Percentage =
  /** "15% of 80". */
  | { kind: 'of'; rate: string; amount: string }
  /** "12 is what percent of 80". */
  | { kind: 'what-percent'; part: string; whole: string }
  /** "increase 80 by 15%", "80 decreased by 15%". */
  | { kind: 'change-by'; amount: string; rate: string; direction: 'up' | 'down' }
  /** "percentage change from 80 to 92"; `asked: 'decrease'` when the size of a decrease is asked for. */
  | { kind: 'percent-change'; from: string; to: string; asked?: 'decrease' }
  /** "30 is 15% of what number", "15% of a number is 30": the whole. */
  | { kind: 'whole'; part: string; rate: string }
  /** "3/4 as a percentage", "convert 0.35 to a percent". */
  | { kind: 'as-percent'; value: string }
  /** "after a 20% rise the price is 60, what was it before": the original amount. */
  | { kind: 'reverse'; result: string; rate: string; direction: 'up' | 'down' }
  /**
   * "rises 15% then falls 10%", "increase 200 by 10% and then by 20%": changes one after another, on `amount` when
   * given; `asked: 'overall'` asks for the overall percentage change, `'final'` for the amount at the end.
   */
  | {
      kind: 'chain';
      amount?: string;
      changes: Array<{ rate: string; direction: 'up' | 'down' }>;
      asked: 'overall' | 'final';
      decrease?: boolean;
    };

export interface Rephrased {
  /** The question in the engine's phrasing. */
  text: string;
  qualifiers: Qualifiers;
  /** Where the solutions must lie, when the student said so. */
  interval?: Interval;
  /** Greek letters of the question (θ) and the letter the engine read each as (x), to show them back. */
  letters?: Record<string, string>;
  /** A percentage question in words, read into its parts (the text then says it in the engine's phrasing too). */
  percentage?: Percentage;
}
