import { describe, expect, test } from 'vitest';
import { parseAppRoute } from '@/lib/appRoute';

describe('parseAppRoute', () => {
  test('routes the dashboard, a tool and a conversation', () => {
    expect(parseAppRoute('/app')).toEqual({ kind: 'dashboard' });
    expect(parseAppRoute('/app/')).toEqual({ kind: 'dashboard' });
    expect(parseAppRoute('/app/account')).toEqual({ kind: 'account' });
    expect(parseAppRoute('/app/account/x').kind).toBe('not-found');
    expect(parseAppRoute('/app/math-solver')).toEqual({ kind: 'tool', tool: 'math-solver' });
    expect(parseAppRoute('/app/translator/abc123')).toEqual({ kind: 'conversation', tool: 'translator', id: 'abc123' });
  });

  test('sends unknown tools, bad ids and deeper paths to not-found', () => {
    expect(parseAppRoute('/app/essay-writer').kind).toBe('not-found');
    expect(parseAppRoute('/app/math-solver/<script>').kind).toBe('not-found');
    expect(parseAppRoute('/app/math-solver/1/2').kind).toBe('not-found');
    expect(parseAppRoute('/pricing').kind).toBe('not-found');
  });
});
