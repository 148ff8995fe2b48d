import { apiFetch } from "./fetcher";
import type { GuestOrderDto, SetPasswordBody } from "@/lib/schemas/guest-orders";

export type CheckMailResponse = { checkMail: true; message: string };

const guestPath = (token: string) => `/guest/orders/${encodeURIComponent(token)}`;

export const guestOrdersApi = {
  cancel: (token: string) => apiFetch<GuestOrderDto>(`${guestPath(token)}/cancel`, { method: "POST", redirectOnAuthError: false }),
  setPassword: (token: string, body: SetPasswordBody) =>
    apiFetch<CheckMailResponse>(`${guestPath(token)}/password`, { method: "POST", body, redirectOnAuthError: false }),
  claim: (body: SetPasswordBody) =>
    apiFetch<CheckMailResponse>("/user/account/claim", { method: "POST", body, redirectOnAuthError: false }),
};

export function guestInvoiceUrl(token: string, invoiceId?: number): string {
  const base = `/api${guestPath(token)}/invoice`;
  return invoiceId === undefined ? base : `${base}?invoiceId=${encodeURIComponent(String(invoiceId))}`;
}
