// @vitest-environment happy-dom
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, test } from 'vitest';
import { $appRoute, $router, followAppLink, navigateInApp } from '@/stores/router';

afterEach(() => {
  cleanStores($appRoute, $router);
  history.replaceState(null, '', '/');
});

describe('$appRoute', () => {
  test('follows the app’s own navigation and back/forward', () => {
    history.replaceState(null, '', '/app');
    keepMount($appRoute);
    expect($appRoute.get()).toEqual({ kind: 'dashboard' });
    navigateInApp('/app/chemistry-solver');
    expect(location.pathname).toBe('/app/chemistry-solver');
    expect($appRoute.get()).toEqual({ kind: 'tool', tool: 'chemistry-solver' });
    navigateInApp('/app/chemistry-solver/abc123', { replace: true });
    expect($appRoute.get()).toEqual({ kind: 'conversation', tool: 'chemistry-solver', id: 'abc123' });
    history.pushState(null, '', '/app/biology-solver');
    dispatchEvent(new PopStateEvent('popstate'));
    expect($appRoute.get()).toEqual({ kind: 'not-found', path: '/app/biology-solver' });
  });

  test('follows a click on an app link, and leaves other links to the browser', () => {
    history.replaceState(null, '', '/app');
    keepMount($appRoute);
    const link = (href: string) => {
      const anchor = document.createElement('a');
      anchor.href = href;
      document.body.append(anchor);
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      anchor.addEventListener('click', (click) => followAppLink(click), { once: true });
      anchor.dispatchEvent(event);
      anchor.remove();
      return event.defaultPrevented;
    };
    expect(link('/app/account')).toBe(true);
    expect($appRoute.get()).toEqual({ kind: 'account' });
    expect(link('/pricing')).toBe(false);
    expect($appRoute.get()).toEqual({ kind: 'account' });
  });
});
