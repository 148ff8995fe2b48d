import { apiFetch } from "./fetcher";
import type {
  AdminOrderDetail,
  AdminOrderFilter,
  BulkOrderBody,
  BulkOrderResponse,
  CancelOrderBody,
  CompleteOrderBody,
  OrderAttention,
  OrderExportFormat,
  RefundOrderBody,
  ShippingAddressBody,
} from "@/lib/schemas/admin-orders";

const orderPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;
const post = <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: "POST", body });
/** Staff get 403 above their refund limit: the dialog shows why instead of leaving for sign-in. */
const postMoney = <T>(path: string, body: unknown) => apiFetch<T>(path, { method: "POST", body, redirectOnAuthError: false });

export const adminOrdersApi = {
  process: (orderId: string) => post<AdminOrderDetail>(`${orderPath(orderId)}/process`),
  complete: (orderId: string, body: CompleteOrderBody) => post<AdminOrderDetail>(`${orderPath(orderId)}/complete`, body),
  deliver: (orderId: string) => post<AdminOrderDetail>(`${orderPath(orderId)}/deliver`),
  cancel: (orderId: string, body: CancelOrderBody) => postMoney<AdminOrderDetail>(`${orderPath(orderId)}/cancel`, body),
  refund: (orderId: string, body: RefundOrderBody) => postMoney<AdminOrderDetail>(`${orderPath(orderId)}/refund`, body),
  resendReceipt: (orderId: string) => post<{ mailId: number }>(`${orderPath(orderId)}/resend-receipt`),
  revokeLinks: (orderId: string) => post<{ linkVersion: number }>(`${orderPath(orderId)}/revoke-links`),
  shippingAddress: (orderId: string, body: ShippingAddressBody) =>
    apiFetch<AdminOrderDetail>(`${orderPath(orderId)}/shipping-address`, { method: "PUT", body }),
  bulk: (body: BulkOrderBody) => post<BulkOrderResponse>("/admin/orders/bulk", body),
};

export const adminPackingSlipsUrl = (orderIds: readonly string[]) =>
  orderIds.length === 1 ? `/api${orderPath(orderIds[0] ?? "")}/packing-slip` : `/api/admin/orders/packing-slips?ids=${orderIds.join(",")}`;

export const adminOrdersPrintZipUrl = (orderIds: readonly string[]) => `/api/admin/orders/print-zip?ids=${orderIds.join(",")}`;

export function adminOrdersExportUrl(filter: {
  status: AdminOrderFilter;
  q?: string;
  from?: string;
  to?: string;
  attention?: OrderAttention;
  format?: OrderExportFormat;
}): string {
  const params = new URLSearchParams({ status: filter.status });
  if (filter.q) params.set("q", filter.q);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.attention) params.set("attention", filter.attention);
  if (filter.format) params.set("format", filter.format);
  return `/api/admin/orders/export?${params.toString()}`;
}
