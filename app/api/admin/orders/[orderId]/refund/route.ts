import { route } from "@/lib/api/route";
import { refundOrderBody } from "@/lib/schemas/admin-orders";
import { orderParams } from "@/lib/schemas/orders";
import { adminRefund } from "@/lib/services/orders";

// POST /api/admin/orders/{orderId}/refund – refund through the payment provider: full by default, partial allowed, never more than paid
export const POST = route({ access: "admin", params: orderParams, body: refundOrderBody }, async ({ params, body, session, locale }) =>
  adminRefund(params.orderId, body, session, locale),
);
