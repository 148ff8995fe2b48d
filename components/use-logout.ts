"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { logout } from "@/lib/api-client/session";

/** Logs out, clears every cached query, and goes to /login — also when the logout call fails (spec section 2). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      /* a failed logout still ends up at /login */
    } finally {
      queryClient.clear();
      window.location.assign("/login");
    }
  }, [queryClient]);
}
