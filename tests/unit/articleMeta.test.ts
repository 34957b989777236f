import { describe, expect, test } from 'vitest';
import { readingMinutes, relatedArticles } from '@/lib/articleMeta';

describe('readingMinutes', () => {
  test('counts words at 200 a minute, at least one minute, without code blocks or link targets', () => {
    expect(readingMinutes('Short.')).toBe(1);
    expect(readingMinutes(Array.from({ length: 1000 }, () => 'word').join(' '))).toBe(5);
    const code = '```\n' + Array.from({ length: 2000 }, () => 'x').join(' ') + '\n```';
    expect(readingMinutes(`Intro text. ${code}`)).toBe(1);
  });
});

describe('relatedArticles', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, day));
  const articles = [
    { id: 'a', tags: ['math', 'algebra'], publishedAt: at(1) },
    { id: 'b', tags: ['Math'], publishedAt: at(2) },
    { id: 'c', tags: ['chemistry'], publishedAt: at(5) },
    { id: 'd', tags: ['math', 'algebra'], publishedAt: at(3) },
    { id: 'e', tags: [], publishedAt: at(4) },
  ];
  test('shared tags first (case-insensitive), then newest; never itself', () => {
    const [first] = articles;
    if (!first) throw new Error('no articles');
    expect(relatedArticles(first, articles).map((article) => article.id)).toEqual(['d', 'b', 'c']);
  });
});
