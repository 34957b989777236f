import { type MouseEvent, useEffect, useState } from 'react';
import { APP_NAVIGATE_EVENT, inAppTarget, navigateInApp } from '@/lib/appNavigation';
import { type AppRoute, parseAppRoute } from '@/lib/appRoute';

/**
 * The current app route, following back/forward navigation and the app's own navigation.
 */
export function useAppRoute(): AppRoute {
  const [route, setRoute] = useState(() => parseAppRoute(location.pathname));
  useEffect(() => {
    const onChange = () =>
      setRoute((current) => {
        const next = parseAppRoute(location.pathname);
        return JSON.stringify(next) === JSON.stringify(current) ? current : next;
      });
    window.addEventListener('popstate', onChange);
    window.addEventListener(APP_NAVIGATE_EVENT, onChange);
    return () => {
      window.removeEventListener('popstate', onChange);
      window.removeEventListener(APP_NAVIGATE_EVENT, onChange);
    };
  }, []);
  return route;
}

/**
 * Follows a click on a link to another /app path without a page load (the shell stays, with its session and
 * history). Put on the app's root element; links elsewhere on the page (the site header) load normally.
 */
export function followAppLink(event: MouseEvent<HTMLElement>): void {
  const target = inAppTarget(event.nativeEvent);
  if (target === null) return;
  event.preventDefault();
  navigateInApp(target);
}
