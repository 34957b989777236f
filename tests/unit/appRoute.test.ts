import { describe, expect, test } from 'vitest';
import { parseAppRoute, toAppRoute } from '@/lib/appRoute';

describe('parseAppRoute', () => {
  test('routes the dashboard, a tool and a conversation', () => {
    expect(parseAppRoute('/app')).toEqual({ kind: 'dashboard' });
    expect(parseAppRoute('/app/')).toEqual({ kind: 'dashboard' });
    expect(parseAppRoute('/app/account')).toEqual({ kind: 'account' });
    expect(parseAppRoute('/app/account/x').kind).toBe('not-found');
    expect(parseAppRoute('/app/practice')).toEqual({ kind: 'practice' });
    expect(parseAppRoute('/app/practice/x').kind).toBe('not-found');
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

describe('toAppRoute', () => {
  test('turns what the router matched into the route, and nothing matched into not-found', () => {
    expect(toAppRoute({ route: 'dashboard', path: '/app' }, '/app')).toEqual({ kind: 'dashboard' });
    expect(toAppRoute({ route: 'account', path: '/app/account' }, '/app/account')).toEqual({ kind: 'account' });
    expect(toAppRoute({ route: 'tool', path: '/app/physics-solver', params: { tool: 'physics-solver' } }, '')).toEqual({
      kind: 'tool',
      tool: 'physics-solver',
    });
    expect(toAppRoute(undefined, '/app/a/b/c')).toEqual({ kind: 'not-found', path: '/app/a/b/c' });
  });

  test('keeps the not-found rules of the server: unknown tools, bad ids, other cases', () => {
    expect(toAppRoute({ route: 'tool', path: '/app/essay-writer', params: { tool: 'essay-writer' } }, '').kind).toBe(
      'not-found',
    );
    const conversation = { route: 'conversation', path: '', params: { tool: 'math-solver', id: 'not an id' } } as const;
    expect(toAppRoute(conversation, '').kind).toBe('not-found');
    expect(toAppRoute({ route: 'account', path: '/app/ACCOUNT' }, '/app/ACCOUNT').kind).toBe('not-found');
  });
});
