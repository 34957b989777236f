import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the pre-rendered HTML and during hydration, true once React runs the component in the browser. Forms
 * keep their submit button disabled until then, so an early click cannot submit the form natively (which would
 * put the password in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
