"use client";

import { useSyncExternalStore, type ComponentProps } from "react";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";
import { lazyModule } from "@/lib/lazy-module";

/**
 * Toasts (sonner), loaded with the first toast a page shows: most visits show none, so sonner stays out
 * of every page's first load (issue 12, ~8 KB gzip). `toast.success/error/warning` load sonner and pass
 * the toast on; `<Toaster>` renders nothing until sonner is there and sonner's own Toaster afterwards,
 * which shows the toasts made before it mounted. If sonner cannot load (offline, a new deployment) that
 * toast is lost and the next one tries again. Code imports toasts from here, never from "sonner"
 * (tests/unit/first-load-imports.test.ts).
 */
const sonner = lazyModule(() => import("sonner"));

function show(kind: "success" | "error" | "warning") {
  return (message: string, data?: ExternalToast): void => {
    sonner.load().then(
      (s) => s.toast[kind](message, data),
      () => {
        // The screen itself still shows the outcome; only the notification is missing.
      },
    );
  };
}

export const toast = { success: show("success"), error: show("error"), warning: show("warning") };

export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const loaded = useSyncExternalStore(sonner.subscribe, sonner.current, () => null);
  return loaded ? <loaded.Toaster {...props} /> : null;
}
