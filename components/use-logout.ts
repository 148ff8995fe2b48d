"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useRouter } from "next/navigation";
import { logout } from "@/lib/api-client/session";

export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      /* a failed logout still ends up at /login */
    } finally {
      queryClient.clear();
      router.replace("/login");
      router.refresh();
    }
  }, [queryClient, router]);
}
