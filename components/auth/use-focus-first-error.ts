"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { focusFirstError } from "@/components/ui/focus-first-error";

/** A server answer arrives outside the submit event, so focus waits for the effect after the errors commit. */
export function useFocusFirstError<T extends HTMLElement>(): { ref: RefObject<T | null>; request: () => void } {
  const ref = useRef<T>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick) void focusFirstError(ref.current, { immediate: true });
  }, [tick]);
  const request = useCallback(() => setTick((n) => n + 1), []);
  return { ref, request };
}
