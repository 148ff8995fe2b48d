"use client";

import { useEffect, useSyncExternalStore } from "react";
import type { LazyModule } from "@/lib/lazy-module";

/**
 * The module once it is loaded (null before, and while the server renders); starts loading it as soon as
 * `wanted` is true — after the page's first load, e.g. once the user reached the step that needs it.
 */
export function useLazyModule<M>(mod: LazyModule<M>, wanted: boolean): M | null {
  const current = useSyncExternalStore(mod.subscribe, mod.current, () => null);
  useEffect(() => {
    if (wanted) mod.preload();
  }, [mod, wanted]);
  return current;
}
