import { apiFetch } from "@/lib/api-client/fetcher";

/** POST /api/auth/register (customer sign-up): 202 { checkMail, message } for every address; the account is made by the mailed link. */
export function registerCustomer(body: { email: string; password: string; firstName?: string; lastName?: string; phone?: string }) {
  return apiFetch<{ checkMail: true; message: string }>("/auth/register", { method: "POST", body, redirectOnAuthError: false });
}
