import { apiFetch, HttpError } from "@/lib/api-client/fetcher";

export function registerCustomer(body: { email: string; password: string; firstName?: string; lastName?: string; phone?: string }) {
  return apiFetch<{ checkMail: true; message: string }>("/auth/register", { method: "POST", body, redirectOnAuthError: false });
}

/** What a failed auth request shows: its own text when throttled, the server's message, or the fallback when no answer came. */
export function failureText(err: unknown, tooMany: string, fallback: string): string {
  if (!(err instanceof HttpError)) return fallback;
  if (err.status === 429) return tooMany;
  return err.status ? err.message : fallback;
}
