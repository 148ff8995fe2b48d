/**
 * A module the browser loads with `import()` when it is first needed instead of with the page (issue 12:
 * zod and the form schemas stay out of every page's first load). `load()` starts the import or joins
 * the one under way; a failed import (offline, a new deployment) is tried again by the next `load()`.
 * `current()` and `subscribe()` let a component render with the module once it is there
 * (components/ui/use-lazy-module.ts).
 */
export interface LazyModule<M> {
  load(): Promise<M>;
  /** Starts loading and ignores a failure (the next `load()` tries again). */
  preload(): void;
  /** The module once loaded, otherwise null. */
  current(): M | null;
  subscribe(listener: () => void): () => void;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const load = (): Promise<M> => {
    if (loaded) return Promise.resolve(loaded);
    pending ??= importer().then(
      (mod) => {
        loaded = mod;
        listeners.forEach((listener) => listener());
        return mod;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };
  return {
    load,
    preload: () => void load().catch(() => undefined),
    current: () => loaded,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
