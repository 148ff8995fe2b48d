"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { focusFirstError } from "@/components/ui/focus-first-error";

/**
 * After a failed submit, focus the form's first faulty field once React has rendered the errors: a
 * server answer arrives outside the submit event, so its errors may commit after the next animation
 * frame; the request is therefore a state change and the focus happens in the effect after that commit.
 */
export function useFocusFirstError<T extends HTMLElement>(): { ref: RefObject<T | null>; request: () => void } {
  const ref = useRef<T>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick) void focusFirstError(ref.current, { immediate: true });
  }, [tick]);
  const request = useCallback(() => setTick((n) => n + 1), []);
  return { ref, request };
}
