import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as AnswerCacheModule from '../src/tutor/answer-cache.ts';
import { requireCompiled } from './support/compiled.ts';

const { AnswerCache } = requireCompiled<typeof AnswerCacheModule>('src/tutor/answer-cache');

const always = () => true;

describe('AnswerCache', () => {
  test('solves a question once, hands out copies, and shares a solve in progress', async () => {
    const cache = new AnswerCache<{ value: number }>(10);
    let solves = 0;
    const solve = async () => {
      solves += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { value: 42 };
    };
    const [first, second] = await Promise.all([cache.get('q', solve, always), cache.get('q', solve, always)]);
    assert.equal(solves, 1);
    assert.deepEqual(first, { value: 42 });
    assert.notEqual(first, second, 'each caller gets its own copy');
    first.value = 0;
    assert.deepEqual(await cache.get('q', solve, always), { value: 42 });
    assert.equal(solves, 1);
  });

  test('keeps neither failures nor answers `keep` refuses', async () => {
    const cache = new AnswerCache<string>(10);
    let solves = 0;
    await assert.rejects(
      cache.get(
        'q',
        () => {
          solves += 1;
          return Promise.reject(new Error('worker died'));
        },
        always,
      ),
      /worker died/,
    );
    assert.equal(
      await cache.get(
        'q',
        () => Promise.resolve(`answer ${(solves += 1)}`),
        (answer) => answer !== 'answer 2',
      ),
      'answer 2',
    );
    assert.equal(await cache.get('q', () => Promise.resolve(`answer ${(solves += 1)}`), always), 'answer 3');
    assert.equal(await cache.get('q', () => Promise.resolve('not asked'), always), 'answer 3');
  });

  test('forgets the least recently used answer past its capacity', async () => {
    const cache = new AnswerCache<string>(2);
    await cache.get('a', () => Promise.resolve('A'), always);
    await cache.get('b', () => Promise.resolve('B'), always);
    await cache.get('a', () => Promise.resolve('not asked'), always);
    await cache.get('c', () => Promise.resolve('C'), always);
    assert.equal(await cache.get('a', () => Promise.resolve('again'), always), 'A');
    assert.equal(await cache.get('b', () => Promise.resolve('solved again'), always), 'solved again');
  });

  test('stays under its byte limit however large the answers, dropping the least recently used', async () => {
    const cache = new AnswerCache<string>(1000, 100_000);
    const big = 'x'.repeat(10_000);
    for (let index = 0; index < 50; index += 1)
      await cache.get(`q${index}`, () => Promise.resolve(`${big}${index}`), always);
    const { entries, bytes } = cache.stats();
    assert.ok(bytes <= 100_000, `${bytes} bytes kept`);
    assert.ok(entries >= 4 && entries < 50, `${entries} answers kept`);
    assert.equal(await cache.get('q49', () => Promise.resolve('not asked'), always), `${big}49`);
    assert.equal(await cache.get('q0', () => Promise.resolve('solved again'), always), 'solved again');
    // One answer larger than the whole budget is answered but not kept.
    assert.equal(await cache.get('huge', () => Promise.resolve('y'.repeat(60_000)), always), 'y'.repeat(60_000));
    assert.equal(await cache.get('huge', () => Promise.resolve('solved again'), always), 'solved again');
  });
});
