import { describe, expect, test } from 'vitest';
import { pageTitle, titleCaseSegment } from '@/lib/pageTitle';

describe('pageTitle', () => {
  test('uses the page title with the site name', () => {
    expect(pageTitle({ title: 'Pricing', pathname: '/pricing' })).toBe('Pricing | StudyEase');
  });

  test('does not repeat the site name when the title has it', () => {
    expect(pageTitle({ title: 'StudyEase: study with ease', pathname: '/' })).toBe('StudyEase: study with ease');
  });

  test('falls back to the last path segment, title-cased', () => {
    expect(pageTitle({ pathname: '/auth/reset-passwrod' })).toBe('Reset Passwrod | StudyEase');
    expect(pageTitle({ pathname: '/ai-math-solver/' })).toBe('Ai Math Solver | StudyEase');
  });

  test('ignores a blank title', () => {
    expect(pageTitle({ title: '   ', pathname: '/terms-of-service' })).toBe('Terms Of Service | StudyEase');
  });

  test('uses status code and message on 404 and 500', () => {
    expect(pageTitle({ pathname: '/nope', statusCode: 404 })).toBe('404 Page not found | StudyEase');
    expect(pageTitle({ pathname: '/x', statusCode: 500 })).toBe('500 Internal Server Error | StudyEase');
  });

  test('gives the site name alone for the root without a title', () => {
    expect(pageTitle({ pathname: '/' })).toBe('StudyEase');
  });
});

describe('titleCaseSegment', () => {
  test('decodes percent-escapes and splits on dashes and underscores', () => {
    expect(titleCaseSegment('email_confirmation')).toBe('Email Confirmation');
    expect(titleCaseSegment('caf%C3%A9-menu')).toBe('Café Menu');
  });

  test('keeps a malformed escape as it is', () => {
    expect(titleCaseSegment('bad%E0%A4%A')).toBe('Bad%E0%A4%A');
  });
});
