import { apiFetch } from "@/lib/api-client/fetcher";

export function registerCustomer(body: { email: string; password: string; firstName?: string; lastName?: string; phone?: string }) {
  return apiFetch<{ checkMail: true; message: string }>("/auth/register", { method: "POST", body, redirectOnAuthError: false });
}
