export const OPEN_ORDERS_PATH = "/admin/orders";
export const ORDER_HISTORY_PATH = "/admin/orders/history";

export function orderDetailPath(orderId: string): string {
  return `${OPEN_ORDERS_PATH}/${encodeURIComponent(orderId)}`;
}
