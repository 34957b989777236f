import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import FittedTitle from '@/components/chat/FittedTitle';

const shown = (title: string) => renderToStaticMarkup(createElement(FittedTitle, { title })).replace(/<[^>]+>/g, '');

describe('a history title', () => {
  test('reads its maths as maths, not calculator syntax (issue #14)', () => {
    expect(shown('Solve x^2 - 5x + 6 = 0')).toBe('Solve x² − 5x + 6 = 0');
    expect(shown('C3H8 + O2 -> CO2 + H2O')).toBe('C₃H₈ + O₂ → CO₂ + H₂O');
    expect(shown('Rename me')).toBe('Rename me');
  });
});
