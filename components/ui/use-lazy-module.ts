"use client";

import { useEffect, useSyncExternalStore } from "react";
import type { LazyModule } from "@/lib/lazy-module";

export function useLazyModule<M>(mod: LazyModule<M>, wanted: boolean): M | null {
  const current = useSyncExternalStore(mod.subscribe, mod.current, () => null);
  useEffect(() => {
    if (wanted) mod.preload();
  }, [mod, wanted]);
  return current;
}
