import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type { OrderDto, PaymentConfigDto, PaymentDto, PlaceOrderBody, PlaceOrderResponse, SandboxCardBody } from "@/lib/schemas/orders";

/** Browser helpers for orders and payments (contract: lib/schemas/orders.ts). */
export const orderKeys = {
  all: ["user", "orders"] as const,
  list: () => [...orderKeys.all, "list"] as const,
  detail: (orderId: string) => [...orderKeys.all, "detail", orderId] as const,
};

export const paymentKeys = {
  config: ["user", "payments", "config"] as const,
};

const orderPath = (orderId: string) => `/user/orders/${encodeURIComponent(orderId)}`;

export const orderQueries = {
  /** GET /api/user/orders – own orders, newest first. */
  list: () => queryOptions({ queryKey: orderKeys.list(), queryFn: ({ signal }) => apiFetch<OrderDto[]>("/user/orders", { signal }) }),
  /** GET /api/user/orders/{orderId} – reconciled with Stripe first when paid by Stripe. */
  detail: (orderId: string) =>
    queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: ({ signal }) => apiFetch<OrderDto>(orderPath(orderId), { signal }) }),
};

export const paymentQueries = {
  /** GET /api/user/payments/config – provider, test mode, publishable key (503 "Payment provider key is missing"). */
  config: () =>
    queryOptions({
      queryKey: paymentKeys.config,
      queryFn: ({ signal }) => apiFetch<PaymentConfigDto>("/user/payments/config", { signal }),
    }),
};

export const ordersApi = {
  /** POST /api/user/orders – idempotent per body.idempotencyKey (make it once per checkout). */
  place: (body: PlaceOrderBody) => apiFetch<PlaceOrderResponse>("/user/orders", { method: "POST", body }),
  /** POST /api/user/orders/{orderId}/payment – the current attempt, or a fresh one after a failure. */
  retryPayment: (orderId: string) => apiFetch<PaymentDto>(`${orderPath(orderId)}/payment`, { method: "POST" }),
  /** POST /api/user/orders/{orderId}/payment/sandbox – pay with a test card (sandbox provider only). */
  confirmSandbox: (orderId: string, body: SandboxCardBody) =>
    apiFetch<PaymentDto>(`${orderPath(orderId)}/payment/sandbox`, { method: "POST", body }),
  /** POST /api/user/orders/{orderId}/payment/sandbox/authenticate – the extra step of a 3-D Secure test card. */
  authenticateSandbox: (orderId: string, body: { approve: boolean }) =>
    apiFetch<PaymentDto>(`${orderPath(orderId)}/payment/sandbox/authenticate`, { method: "POST", body }),
  /** POST /api/user/orders/{orderId}/cancel – only while pending; a paid order is refunded. */
  cancel: (orderId: string) => apiFetch<OrderDto>(`${orderPath(orderId)}/cancel`, { method: "POST" }),
};

/** GET /api/user/orders/{orderId}/receipt – the PDF receipt (attachment) of a paid order, in the caller's language. */
export function receiptUrl(orderId: string): string {
  return `/api${orderPath(orderId)}/receipt`;
}

/**
 * GET /api/user/orders/{orderId}/invoice – the stored invoice PDF (when `invoiceAvailable`);
 * with `invoiceId` one of the order's credit notes (`creditNotes[].id`).
 */
export function invoiceUrl(orderId: string, invoiceId?: number): string {
  const base = `/api${orderPath(orderId)}/invoice`;
  return invoiceId === undefined ? base : `${base}?invoiceId=${encodeURIComponent(String(invoiceId))}`;
}
