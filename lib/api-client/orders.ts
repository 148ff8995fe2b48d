import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type { OrderDto, PaymentConfigDto, PaymentDto, PlaceOrderBody, PlaceOrderResponse, SandboxCardBody } from "@/lib/schemas/orders";

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
  list: () => queryOptions({ queryKey: orderKeys.list(), queryFn: ({ signal }) => apiFetch<OrderDto[]>("/user/orders", { signal }) }),
  detail: (orderId: string) =>
    queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: ({ signal }) => apiFetch<OrderDto>(orderPath(orderId), { signal }) }),
};

export const paymentQueries = {
  config: () =>
    queryOptions({
      queryKey: paymentKeys.config,
      queryFn: ({ signal }) => apiFetch<PaymentConfigDto>("/user/payments/config", { signal }),
    }),
};

export const ordersApi = {
  /** Idempotent per idempotencyKey: make it once per checkout. */
  place: (body: PlaceOrderBody) => apiFetch<PlaceOrderResponse>("/user/orders", { method: "POST", body }),
  retryPayment: (orderId: string) => apiFetch<PaymentDto>(`${orderPath(orderId)}/payment`, { method: "POST" }),
  confirmSandbox: (orderId: string, body: SandboxCardBody) =>
    apiFetch<PaymentDto>(`${orderPath(orderId)}/payment/sandbox`, { method: "POST", body }),
  authenticateSandbox: (orderId: string, body: { approve: boolean }) =>
    apiFetch<PaymentDto>(`${orderPath(orderId)}/payment/sandbox/authenticate`, { method: "POST", body }),
  cancel: (orderId: string) => apiFetch<OrderDto>(`${orderPath(orderId)}/cancel`, { method: "POST" }),
};

export function receiptUrl(orderId: string): string {
  return `/api${orderPath(orderId)}/receipt`;
}

export function invoiceUrl(orderId: string, invoiceId?: number): string {
  const base = `/api${orderPath(orderId)}/invoice`;
  return invoiceId === undefined ? base : `${base}?invoiceId=${encodeURIComponent(String(invoiceId))}`;
}
