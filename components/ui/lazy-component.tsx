"use client";

import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import { lazyModule, type LazyModule } from "@/lib/lazy-module";

/** Like `next/dynamic` with `ssr: false`, on lib/lazy-module.ts, which every storefront page already carries. */
export function lazyComponent<P extends object>(importer: () => Promise<ComponentType<P>>, Loading: ComponentType): ComponentType<P> {
  return lazyComponentOf(lazyModule(importer), (component) => component, Loading);
}

export function lazyComponentOf<M, P extends object>(
  mod: LazyModule<M>,
  pick: (mod: M) => ComponentType<P>,
  Loading: ComponentType,
): ComponentType<P> {
  function LazyComponent(props: P) {
    const loaded = useSyncExternalStore(mod.subscribe, mod.current, () => null);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (!loaded) mod.load().catch((error: unknown) => setFailure({ error }));
    }, [loaded]);
    if (failure) throw failure.error;
    if (!loaded) return <Loading />;
    const Component = pick(loaded);
    return <Component {...props} />;
  }
  return LazyComponent;
}
