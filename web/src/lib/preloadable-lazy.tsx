import { type ComponentType, lazy, useState } from 'react';

/**
 * `React.lazy` whose module can be loaded before the first render (N199): once `preload()` has
 * resolved, the component renders at once instead of suspending on a fallback and rendering again.
 * Each mounted instance keeps the form it started with, so a later load never remounts it.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function PreloadableLazy(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(PreloadableLazy, { preload });
}
