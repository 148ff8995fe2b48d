"use client";

import { useSyncExternalStore, type ComponentProps } from "react";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";
import { lazyModule } from "@/lib/lazy-module";

// Sonner loads with the first toast (most visits show none): import toasts from here, never from "sonner".
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
