// Typos a phone makes in the physics reader's keywords (physics/typos.ts): corrected when one keyword is clearly
// meant, left alone otherwise.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as Typos from '../src/physics/typos.ts';
import type * as Physics from '../src/physics/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { correctTypos } = requireCompiled<typeof Typos>('physics/typos');
const { physicsEngine } = requireCompiled<typeof Physics>('physics/index');

describe('correctTypos', () => {
  test('a letter wrong, missing, extra or two letters swapped', () => {
    assert.equal(correctTypos('What is the accelaration?'), 'What is the acceleration?');
    assert.equal(correctTypos('Fricton is 5 N'), 'Friction is 5 N');
    assert.equal(correctTypos('the desnity of a block'), 'the density of a block');
    assert.equal(correctTypos('A ball is droped from 20 m'), 'A ball is dropped from 20 m');
  });

  test('known words and English words near a keyword stay as written', () => {
    for (const text of ['A car currently moving at 20 m/s', 'the minimum height', 'It weighs 5 N', 'a distant star']) {
      assert.equal(correctTypos(text), text);
    }
  });

  test('a question with a typo is solved as if spelt right', () => {
    const a = physicsEngine.solve('A box of 5 kg is pushed with 20 N. Fricton is 5 N. What is the accelaration?');
    assert.equal(a.status, 'solved');
    assert.equal(a.answer?.text, '3 m/s^2');
    assert.equal(a.verified, true);
  });
});
