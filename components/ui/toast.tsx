"use client";

import { lazy, Suspense, useSyncExternalStore, type ComponentProps, type ComponentType } from "react";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";

/**
 * Toasts (sonner), loaded with the first toast a page shows: most visits show none, so sonner stays out
 * of every page's first load (issue 12, ~8 KB gzip). `toast.success/error/warning` load sonner and pass
 * the toast on; `<Toaster>` renders nothing until then and sonner's own Toaster afterwards. A toast made
 * while both are still loading is not lost: sonner's Toaster shows the active toasts when it subscribes.
 * Code imports toasts from here, never from "sonner" (tests/unit/first-load-imports.test.ts).
 */
type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();

function load(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    // Told after the current render or handler: a toast may be asked for while React renders.
    queueMicrotask(() => listeners.forEach((listener) => listener()));
  }
  sonner ??= import("sonner").catch((err: unknown) => {
    // A failed chunk load (offline, a new deployment) is tried again with the next toast.
    sonner = null;
    throw err;
  });
  return sonner;
}

function show(kind: "success" | "error" | "warning") {
  return (message: string, data?: ExternalToast): void => {
    load().then(
      (s) => s.toast[kind](message, data),
      () => {
        // sonner could not load: the message is lost, the screen itself still shows the outcome.
      },
    );
  };
}

export const toast = { success: show("success"), error: show("error"), warning: show("warning") };

type ToasterProps = ComponentProps<typeof SonnerToaster>;
const Nothing: ComponentType<ToasterProps> = () => null;
const LoadedToaster = lazy(() =>
  load().then(
    (s): { default: ComponentType<ToasterProps> } => ({ default: s.Toaster }),
    // Never the error boundary for a toast container that could not load.
    () => ({ default: Nothing }),
  ),
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** sonner's Toaster with these props, mounted once the first toast is asked for. */
export function Toaster(props: ToasterProps) {
  const active = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster {...props} />
    </Suspense>
  );
}
