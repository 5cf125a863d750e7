import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A module whose default export is a component (what `import()` of a page or group gives). */
// React's own `lazy` takes any component type the same way.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ComponentModule = { default: ComponentType<any> };

/** A React.lazy component whose code can be loaded ahead of its first render. */
export type PreloadableLazy<M extends ComponentModule> = LazyExoticComponent<M['default']> & {
  /** Loads the code now (once, however often it is asked); the first render then shows it at once. */
  preload: () => Promise<M>;
  /** Whether the code is there: a render now does not suspend. */
  isLoaded: () => boolean;
};

/**
 * React.lazy, plus `preload`. Code loaded before the component's first render is handed to React as
 * a thenable that has already settled, so that render does not suspend. A render that suspends shows
 * its boundary's fallback, and React 19 reveals the content no sooner than 300 ms after a fallback
 * was shown (its FALLBACK_THROTTLE_MS), however soon the code arrives (issue 33).
 */
export function preloadableLazy<M extends ComponentModule>(load: () => Promise<M>): PreloadableLazy<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const preload = () => (loading ??= load().then((module) => (loaded = module)));
  const component = lazy<M['default']>(() => (loaded ? settled(loaded) : preload()));
  return Object.assign(component, { preload, isLoaded: () => loaded !== null });
}

/**
 * A thenable that calls back at once: React.lazy reads the module from it during the render that
 * asks (a resolved Promise calls back only after that render has suspended). React.lazy is its only
 * reader: it calls `then` once and ignores what it returns.
 */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled?: (value: T) => unknown) => void onFulfilled?.(value) } as unknown as Promise<T>;
}
