import { describe, expect, test } from 'vitest';
import { canonicalUrl } from '@/lib/canonicalUrl';

describe('canonicalUrl', () => {
  test('keeps only whitelisted query parameters', () => {
    expect(canonicalUrl('https://studyease.app/blog?page=2&utm_source=x&ref=y')).toBe(
      'https://studyease.app/blog?page=2',
    );
  });

  test('drops every parameter when none is whitelisted', () => {
    expect(canonicalUrl('https://studyease.app/pricing?utm_campaign=a#plans')).toBe('https://studyease.app/pricing');
  });

  test('lowercases the path and the kept values', () => {
    expect(canonicalUrl('https://StudyEase.app/Blog/My-Post?PAGE=3&page=ABC')).toBe(
      'https://studyease.app/blog/my-post?page=abc',
    );
  });

  test('removes a trailing slash except at the root', () => {
    expect(canonicalUrl('https://studyease.app/pricing/')).toBe('https://studyease.app/pricing');
    expect(canonicalUrl('https://studyease.app/')).toBe('https://studyease.app/');
  });

  test('drops the .html of a pre-rendered file', () => {
    expect(canonicalUrl('http://localhost:4321/blog.html')).toBe('http://localhost:4321/blog');
    expect(canonicalUrl('http://localhost:4321/index.html')).toBe('http://localhost:4321/');
    expect(canonicalUrl('http://localhost:4321/auth/login.html')).toBe('http://localhost:4321/auth/login');
  });

  test('uses the configured site origin instead of the request origin', () => {
    expect(canonicalUrl('http://localhost:4321/blog?page=2', 'https://studyease.app')).toBe(
      'https://studyease.app/blog?page=2',
    );
  });

  test('drops an empty whitelisted parameter', () => {
    expect(canonicalUrl('https://studyease.app/blog?page=')).toBe('https://studyease.app/blog');
  });
});
