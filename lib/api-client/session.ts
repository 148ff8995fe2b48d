import { queryOptions } from "@tanstack/react-query";
import { apiFetch, HttpError } from "./fetcher";
import type { SessionResponse } from "@/lib/schemas/auth";

export const SIGNED_OUT: SessionResponse = { authenticated: false, user: null, roles: [] };

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: async ({ signal }) => {
    try {
      return await apiFetch<SessionResponse>("/auth/session", { signal, redirectOnAuthError: false });
    } catch (err) {
      if (err instanceof HttpError && (err.status === 401 || err.status === 403)) return SIGNED_OUT;
      throw err;
    }
  },
  retry: false,
  staleTime: 30_000,
});

export function login(body: { email: string; password: string }) {
  return apiFetch<(SessionResponse & { next?: string }) | { twoFactorRequired: true }>("/auth/login", {
    method: "POST",
    body,
    redirectOnAuthError: false,
  });
}

export function logout() {
  return apiFetch<SessionResponse>("/auth/logout", { method: "POST", redirectOnAuthError: false });
}
