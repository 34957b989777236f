import { type ComponentType, createElement, lazy } from 'react';

/**
 * A page of the app in its own chunk, loaded by `preload()` as soon as the route is known. Once loaded it renders at
 * once; only a page whose chunk is still on its way suspends. React.lazy alone suspends on its first render even when
 * the module is already here, and React 19 then holds the reveal until 300 ms after the fallback showed (its
 * Suspense throttling): on the app's first load that was a third of a second of "Loading the chat…" for nothing.
 */
export function pageChunk<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download (a dropped connection) is tried again by the next render or preload.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function Page(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return { Page, preload };
}
