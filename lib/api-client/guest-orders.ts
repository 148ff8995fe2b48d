import { apiFetch } from "./fetcher";
import type { SessionResponse } from "@/lib/schemas/auth";
import type { GuestOrderDto, SetPasswordBody } from "@/lib/schemas/guest-orders";

const guestPath = (token: string) => `/guest/orders/${encodeURIComponent(token)}`;

export const guestOrdersApi = {
  cancel: (token: string) => apiFetch<GuestOrderDto>(`${guestPath(token)}/cancel`, { method: "POST", redirectOnAuthError: false }),
  /** POST /api/guest/orders/{token}/password – the guest account gets a password and is signed in (409: an account exists). */
  setPassword: (token: string, body: SetPasswordBody) =>
    apiFetch<SessionResponse>(`${guestPath(token)}/password`, { method: "POST", body, redirectOnAuthError: false }),
  claim: (body: SetPasswordBody) => apiFetch<SessionResponse>("/user/account/claim", { method: "POST", body, redirectOnAuthError: false }),
};

/** GET /api/guest/orders/{token}/invoice – the invoice PDF; with `invoiceId` one of the order's credit notes. */
export function guestInvoiceUrl(token: string, invoiceId?: number): string {
  const base = `/api${guestPath(token)}/invoice`;
  return invoiceId === undefined ? base : `${base}?invoiceId=${encodeURIComponent(String(invoiceId))}`;
}
