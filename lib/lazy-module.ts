/** Keeps zod and form schemas out of every page's first load. */
export interface LazyModule<M> {
  load(): Promise<M>;
  preload(): void;
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
