// Mastery (Bayesian knowledge tracing) and the review schedule (ts-fsrs) of issue #16, with a fixed clock: pure
// functions of src/api/practice/mastery.ts, read from the compiled app like every backend module.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MasteryModule from '../src/api/practice/mastery.ts';
import type * as PracticeServiceModule from '../src/api/practice/services/practice.ts';
import { requireCompiled } from './support/compiled.ts';

const { BKT, cardFrom, isMastered, newCard, scheduleAfter, updateMastery } =
  requireCompiled<typeof MasteryModule>('src/api/practice/mastery');
const { progressView, shareOut } = requireCompiled<typeof PracticeServiceModule>('src/api/practice/services/practice');

const NOW = new Date('2026-03-02T09:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

describe('mastery (Bayesian knowledge tracing)', () => {
  test('the documented parameters', () => {
    assert.deepEqual(
      { ...BKT },
      { prior: 0.2, learn: 0.15, slip: 0.1, guess: 0.2, guessAfterHints: 0.6, masteredAt: 0.95 },
    );
  });

  test('a right answer raises it, a wrong one lowers it, right after hints raises it less', () => {
    const right = updateMastery(BKT.prior, 'right');
    const hinted = updateMastery(BKT.prior, 'right-after-hints');
    const wrong = updateMastery(BKT.prior, 'wrong');
    // From the prior: 0.2·0.9 / (0.2·0.9 + 0.8·0.2) = 0.529, then learning: + 0.471·0.15 = 0.6.
    assert.ok(Math.abs(right - 0.6) < 1e-9, String(right));
    assert.ok(Math.abs(hinted - 0.3818) < 1e-3, String(hinted));
    assert.ok(Math.abs(wrong - 0.1758) < 1e-3, String(wrong));
    assert.ok(wrong < BKT.prior && BKT.prior < hinted && hinted < right);
    // A student who knew it well and slips falls, but not to nothing.
    const slipped = updateMastery(0.9, 'wrong');
    assert.ok(slipped < 0.9 && slipped > 0.5, String(slipped));
  });

  test('mastered after three right answers in a row, not before; a wrong answer then takes it away', () => {
    let mastery: number = BKT.prior;
    const seen: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      mastery = updateMastery(mastery, 'right');
      seen.push(mastery);
    }
    assert.deepEqual(
      seen.map((value) => isMastered(value)),
      [false, false, true],
    );
    assert.ok(
      seen.every((value, index) => index === 0 || value > (seen[index - 1] ?? 1)),
      'rises every time',
    );
    assert.equal(isMastered(updateMastery(mastery, 'wrong')), false);
    // Long mastered (one more right answer), a single slip no longer undoes it.
    assert.equal(isMastered(updateMastery(updateMastery(mastery, 'right'), 'wrong')), true);
    // Stays a probability.
    assert.ok(updateMastery(1, 'right') <= 1 && updateMastery(0, 'wrong') >= 0);
  });
});

describe('the review schedule (ts-fsrs)', () => {
  test('a new skill is due now; a right answer puts the next review days out, a wrong one sooner', () => {
    const card = newCard(NOW);
    assert.equal(card.due.getTime(), NOW.getTime());
    const right = scheduleAfter(card, 'right', NOW);
    const hinted = scheduleAfter(card, 'right-after-hints', NOW);
    const wrong = scheduleAfter(card, 'wrong', NOW);
    assert.ok(right.due > NOW && hinted.due > NOW && wrong.due > NOW);
    assert.ok(right.due > hinted.due, 'right after hints comes back sooner than right');
    assert.ok(hinted.due >= wrong.due, 'wrong comes back soonest');
    // Whole days: no minutes-apart learning steps in a practice session.
    assert.ok(wrong.due.getTime() - NOW.getTime() >= DAY);
  });

  test('a right answer pushes the next review out, a wrong one pulls it in', () => {
    let card = scheduleAfter(newCard(NOW), 'right', NOW);
    let previousGap = card.due.getTime() - NOW.getTime();
    for (let index = 0; index < 3; index += 1) {
      const when = card.due;
      card = scheduleAfter(card, 'right', when);
      const gap = card.due.getTime() - when.getTime();
      assert.ok(gap > previousGap, `each right answer on time waits longer (${gap} > ${previousGap})`);
      previousGap = gap;
    }
    const dueBefore = card.due;
    const lapsed = scheduleAfter(card, 'wrong', card.due);
    assert.ok(lapsed.due.getTime() - dueBefore.getTime() < previousGap, 'a wrong answer brings it back sooner');
    // Answered wrong early (a week before it was due): it comes back before the date it had.
    const early = at(7);
    const far = scheduleAfter(scheduleAfter(newCard(NOW), 'right', NOW), 'right', at(3));
    assert.ok(far.due > at(14), far.due.toISOString());
    assert.ok(scheduleAfter(far, 'wrong', early).due < far.due);
    assert.ok(scheduleAfter(far, 'right', early).due > far.due);
  });

  test('a card survives the json column (dates as strings); a broken one is a new card due now', () => {
    const card = scheduleAfter(newCard(NOW), 'right', NOW);
    const stored: unknown = JSON.parse(JSON.stringify(card));
    const read = cardFrom(stored, at(1));
    assert.equal(read.due.getTime(), card.due.getTime());
    assert.equal(scheduleAfter(read, 'right', at(4)).due.getTime(), scheduleAfter(card, 'right', at(4)).due.getTime());
    for (const broken of [null, 'x', { due: 'not a date' }, { ...card, due: 'never' }]) {
      assert.equal(cardFrom(broken, NOW).due.getTime(), NOW.getTime(), JSON.stringify(broken));
    }
  });
});

describe('progress and sessions', () => {
  test('a skill not started has the prior and no dates; one whose review has come is due', () => {
    const none = progressView('limits', undefined, NOW);
    assert.deepEqual(
      { mastery: none.mastery, due: none.due, startedAt: none.startedAt, nextReviewAt: none.nextReviewAt },
      { mastery: BKT.prior, due: false, startedAt: null, nextReviewAt: null },
    );
    assert.equal(none.name, 'Limits');
    const row = {
      id: 1,
      skill: 'limits',
      mastery: 0.97,
      attempts: 5,
      correct: 5,
      startedAt: at(-10).toISOString(),
      lastPracticedAt: at(-2).toISOString(),
      nextReviewAt: NOW.toISOString(),
      card: null,
      seedQuestion: null,
    };
    const started = progressView('limits', row, NOW);
    assert.equal(started.due, true);
    assert.equal(started.mastered, true);
    assert.equal(progressView('limits', row, at(-1)).due, false);
  });

  test('five questions are shared round robin, soonest due first', () => {
    assert.deepEqual([...shareOut(['limits'], 5)], [['limits', 5]]);
    assert.deepEqual(
      [...shareOut(['limits', 'integrals'], 5)],
      [
        ['limits', 3],
        ['integrals', 2],
      ],
    );
    assert.deepEqual(
      [...shareOut(['limits', 'integrals', 'systems', 'moles', 'forces', 'energy'], 5)].map(([, count]) => count),
      [1, 1, 1, 1, 1],
    );
  });
});
