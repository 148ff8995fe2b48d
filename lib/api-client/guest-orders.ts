import { apiFetch } from "./fetcher";
import type { GuestOrderDto, SetPasswordBody } from "@/lib/schemas/guest-orders";

export type CheckMailResponse = { checkMail: true; message: string };

const guestPath = (token: string) => `/guest/orders/${encodeURIComponent(token)}`;

export const guestOrdersApi = {
  cancel: (token: string) => apiFetch<GuestOrderDto>(`${guestPath(token)}/cancel`, { method: "POST", redirectOnAuthError: false }),
  /** POST /api/guest/orders/{token}/password – 202: the password is set once the link mailed to the account is used (409: an account exists). */
  setPassword: (token: string, body: SetPasswordBody) =>
    apiFetch<CheckMailResponse>(`${guestPath(token)}/password`, { method: "POST", body, redirectOnAuthError: false }),
  /** POST /api/user/account/claim – the same from the guest's own session (order success page). */
  claim: (body: SetPasswordBody) =>
    apiFetch<CheckMailResponse>("/user/account/claim", { method: "POST", body, redirectOnAuthError: false }),
};

/** GET /api/guest/orders/{token}/invoice – the invoice PDF; with `invoiceId` one of the order's credit notes. */
export function guestInvoiceUrl(token: string, invoiceId?: number): string {
  const base = `/api${guestPath(token)}/invoice`;
  return invoiceId === undefined ? base : `${base}?invoiceId=${encodeURIComponent(String(invoiceId))}`;
}
