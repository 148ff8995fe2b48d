"use client";

import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import { lazyModule, type LazyModule } from "@/lib/lazy-module";

/**
 * A client component whose code loads with `import()` once it is rendered in the browser; `Loading`
 * stands in meanwhile and on the server. It does what `next/dynamic` with `ssr: false` does, on the
 * lazy-module mechanism every storefront page already carries (lib/lazy-module.ts), so a page does not
 * also download next/dynamic's loader for it (about 1.2 KB gzip on `/` and `/checkout`; issue 12, first-load JS).
 * A failed import is thrown during render, to the nearest error boundary, as next/dynamic does; when
 * the boundary tries again the component mounts anew and the import is tried again.
 */
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
