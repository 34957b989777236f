import { describe, expect, test } from 'vitest';
import { parseQuery, stringifyQuery } from '@/lib/queryString';

describe('stringifyQuery', () => {
  test('serialises nested objects with brackets', () => {
    const query = stringifyQuery({ filters: { slug: { $eq: 'a b' } }, populate: ['cover', 'author'] });
    expect(decodeURIComponent(query)).toBe('filters[slug][$eq]=a b&populate[0]=cover&populate[1]=author');
  });

  test('skips null values', () => {
    expect(stringifyQuery({ a: null, b: 1 })).toBe('b=1');
  });
});

describe('parseQuery', () => {
  test('parses bracketed nesting and strips the leading question mark', () => {
    expect(parseQuery('?filters[slug][$eq]=x&page=2')).toEqual({ filters: { slug: { $eq: 'x' } }, page: '2' });
  });

  test('stops nesting at depth 5', () => {
    const parsed = parseQuery('a[b][c][d][e][f][g][h]=1');
    // Five levels are objects; the rest of the key is kept as one literal segment.
    expect(parsed).toEqual({ a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } } });
  });

  test('limits arrays to 20 indexed items', () => {
    expect(Array.isArray(parseQuery('a[19]=x').a)).toBe(true);
    expect(Array.isArray(parseQuery('a[21]=x').a)).toBe(false);
  });

  test('reads at most 1000 parameters', () => {
    const search = Array.from({ length: 1500 }, (_, index) => `p${index}=1`).join('&');
    expect(Object.keys(parseQuery(search))).toHaveLength(1000);
  });

  test('never writes to the prototype', () => {
    const parsed = parseQuery('__proto__[polluted]=yes&constructor[prototype][x]=1');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(parsed).not.toHaveProperty('polluted');
  });
});
