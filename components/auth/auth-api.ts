import { apiFetch } from "@/lib/api-client/fetcher";
import type { SessionResponse } from "@/lib/schemas/auth";

/** POST /api/auth/register (customer sign-up): 201 signs the new account in; 409 email taken or a guest's email (a set-password link was mailed). */
export function registerCustomer(body: { email: string; password: string; firstName?: string; lastName?: string; phone?: string }) {
  return apiFetch<SessionResponse>("/auth/register", { method: "POST", body, redirectOnAuthError: false });
}
