import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as RulesModule from '../src/content/rules.ts';
import { requireCompiled } from './support/compiled.ts';

// The rules' wiring into the Document Service is tested against a real backend in content.test.ts.
const { mediaChange, TagsSchema, FeaturesSchema } = requireCompiled<typeof RulesModule>('src/content/rules');

describe('mediaChange', () => {
  test('reads a write that sets a file', () => {
    for (const value of [7, 'k3j2', { id: 7 }, [7], { set: [7] }, { set: 7 }, { connect: [7] }]) {
      assert.equal(mediaChange(value), true, JSON.stringify(value));
    }
  });

  test('reads a write that removes the file', () => {
    for (const value of [null, [], { set: [] }, { set: null }, { disconnect: [7] }]) {
      assert.equal(mediaChange(value), false, JSON.stringify(value));
    }
  });

  test('reads a write that leaves it as it was', () => {
    for (const value of [undefined, { connect: [], disconnect: [] }]) {
      assert.equal(mediaChange(value), undefined, JSON.stringify(value));
    }
  });
});

describe('TagsSchema and FeaturesSchema', () => {
  test('accept lists of short, non-empty strings', () => {
    assert.deepEqual(TagsSchema.parse([' math ', 'algebra']), ['math', 'algebra']);
    assert.ok(FeaturesSchema.safeParse(['{freeDailyQuestions} questions a day with every tool']).success);
  });

  test('refuse anything else', () => {
    for (const value of [null, 'math', ['math', 3], [''], ['   '], [{ name: 'math' }], ['x'.repeat(41)]]) {
      assert.equal(TagsSchema.safeParse(value).success, false, JSON.stringify(value));
    }
  });
});
