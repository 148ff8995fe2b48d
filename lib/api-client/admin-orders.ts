import { apiFetch } from "./fetcher";
import type {
  AdminOrderDetail,
  AdminOrderFilter,
  CancelOrderBody,
  CompleteOrderBody,
  OrderExportFormat,
  RefundOrderBody,
} from "@/lib/schemas/admin-orders";

/** Browser calls of the admin order screens (contract: lib/schemas/admin-orders.ts). */
const orderPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;
const post = <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: "POST", body });

export const adminOrdersApi = {
  /** POST /api/admin/orders/{orderId}/process – pending → processing (only when paid). */
  process: (orderId: string) => post<AdminOrderDetail>(`${orderPath(orderId)}/process`),
  /** POST /api/admin/orders/{orderId}/complete – processing → shipped, optional carrier and tracking number. */
  complete: (orderId: string, body: CompleteOrderBody) => post<AdminOrderDetail>(`${orderPath(orderId)}/complete`, body),
  /** POST /api/admin/orders/{orderId}/deliver – shipped → delivered. */
  deliver: (orderId: string) => post<AdminOrderDetail>(`${orderPath(orderId)}/deliver`),
  /** POST /api/admin/orders/{orderId}/cancel – a paid order is refunded (credit note). */
  cancel: (orderId: string, body: CancelOrderBody) => post<AdminOrderDetail>(`${orderPath(orderId)}/cancel`, body),
  /** POST /api/admin/orders/{orderId}/refund – everything refundable by default, or `amountCents`. */
  refund: (orderId: string, body: RefundOrderBody) => post<AdminOrderDetail>(`${orderPath(orderId)}/refund`, body),
  /** POST /api/admin/orders/{orderId}/resend-receipt – the same stored invoice PDF again. */
  resendReceipt: (orderId: string) => post<{ mailId: number }>(`${orderPath(orderId)}/resend-receipt`),
  /** POST /api/admin/orders/{orderId}/revoke-links – every order link mailed so far stops working. */
  revokeLinks: (orderId: string) => post<{ linkVersion: number }>(`${orderPath(orderId)}/revoke-links`),
};

/** GET /api/admin/orders/export – the CSV of the orders matching a list's filter and search (every page). */
export function adminOrdersExportUrl(filter: {
  status: AdminOrderFilter;
  q?: string;
  from?: string;
  to?: string;
  format?: OrderExportFormat;
}): string {
  const params = new URLSearchParams({ status: filter.status });
  if (filter.q) params.set("q", filter.q);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.format) params.set("format", filter.format);
  return `/api/admin/orders/export?${params.toString()}`;
}
