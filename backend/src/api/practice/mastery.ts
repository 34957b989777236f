import {
  type Card,
  type CardInput,
  createEmptyCard,
  fsrs,
  generatorParameters,
  type Grade,
  Rating,
  TypeConvert,
} from 'ts-fsrs';
import type { PracticeOutcome } from '@studyease/contract';

/*
 * How one practice answer moves a skill's mastery and its next review (issue #16; docs/api.md, "Practice"). Pure
 * functions of the state before, the outcome and a clock passed in, so the tests can fix the time.
 *
 * Mastery is Bayesian knowledge tracing (Corbett and Anderson, 1995): the probability that the student knows the
 * skill. It is a few lines, and no npm library does just this, so it is ours. Each answer is evidence, weighed by how
 * likely it is from a student who knows the skill (1 - slip for a right answer) against one who does not (guess);
 * then the practice itself may have taught it (learn).
 */

/** BKT's parameters: the textbook's usual starting values, not fitted to our students (we have none yet). */
export const BKT = {
  /** P(L0): the chance a student knows a skill before the first answer; a skill not started shows this. */
  prior: 0.2,
  /** P(T): the chance of learning it from one practice question (applied after every answer). */
  learn: 0.15,
  /** P(S): the chance a student who knows it still answers wrong (a slip). */
  slip: 0.1,
  /** P(G): the chance a student who does not know it answers right anyway (a guess). */
  guess: 0.2,
  /**
   * P(G) for a right answer after opening hints: the hints did part of the work, so a student who does not know the
   * skill gets it right far more often. A right answer after hints is weaker evidence in exactly that way: it raises
   * mastery, less than a right answer without hints (from the prior: 0.38 instead of 0.6).
   */
  guessAfterHints: 0.6,
  /** Mastered at or above this probability. */
  masteredAt: 0.95,
} as const;

/**
 * The mastery after one answer (BKT's update, then its learning step).
 *
 * @param before - the mastery before the answer, 0 to 1
 * @returns the mastery after it: higher after a right answer (less so after hints), lower after a wrong one
 */
export function updateMastery(before: number, outcome: PracticeOutcome): number {
  const known = Math.min(1, Math.max(0, before));
  const guess = outcome === 'right-after-hints' ? BKT.guessAfterHints : BKT.guess;
  const evidence =
    outcome === 'wrong'
      ? (known * BKT.slip) / (known * BKT.slip + (1 - known) * (1 - guess))
      : (known * (1 - BKT.slip)) / (known * (1 - BKT.slip) + (1 - known) * guess);
  return evidence + (1 - evidence) * BKT.learn;
}

export const isMastered = (mastery: number): boolean => mastery >= BKT.masteredAt;

/*
 * The schedule is ts-fsrs (FSRS, the scheduler Anki uses), a well-kept library, rather than ours. Each skill keeps one
 * FSRS card: a right answer is Good, right after hints Hard, wrong Again. Without short-term steps (minutes apart, for
 * flash cards seen many times a day) a review is at least a day away, which suits a session of five questions; without
 * fuzz the dates are the same for the same answers (and testable).
 */
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

const GRADE: Record<PracticeOutcome, Grade> = {
  right: Rating.Good,
  'right-after-hints': Rating.Hard,
  wrong: Rating.Again,
};

/** A new skill's card, due at `now`. */
export const newCard = (now: Date): Card => createEmptyCard(now);

/**
 * The card after one answer at `now`: its `due` is the next review, further out after a right answer, sooner after a
 * wrong one.
 */
export function scheduleAfter(card: Card, outcome: PracticeOutcome, now: Date): Card {
  return scheduler.next(card, now, GRADE[outcome]).card;
}

/**
 * A card read back from the database's json column (dates are strings there); a missing or broken one is a new card
 * due at `now`, so a damaged row makes the skill due rather than breaking the page.
 */
export function cardFrom(stored: unknown, now: Date): Card {
  if (typeof stored !== 'object' || stored === null) return newCard(now);
  const numbers = ['stability', 'difficulty', 'scheduled_days', 'learning_steps', 'reps', 'lapses'];
  const fields = stored as Record<string, unknown>;
  if (numbers.some((name) => typeof fields[name] !== 'number')) return newCard(now);
  try {
    // ts-fsrs' own reading of a stored card (dates from strings, the state from its number or name).
    const card = TypeConvert.card(stored as CardInput);
    return Number.isNaN(card.due.getTime()) ? newCard(now) : card;
  } catch {
    return newCard(now);
  }
}
