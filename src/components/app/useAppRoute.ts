import { useEffect, useState } from 'react';
import { type AppRoute, parseAppRoute } from '@/lib/appRoute';

/** The current app route, following back/forward navigation. */
export function useAppRoute(): AppRoute {
  const [route, setRoute] = useState(() => parseAppRoute(location.pathname));
  useEffect(() => {
    const onPopState = () => setRoute(parseAppRoute(location.pathname));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  return route;
}
