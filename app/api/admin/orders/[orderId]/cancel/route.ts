import { route } from "@/lib/api/route";
import { cancelOrderBody } from "@/lib/schemas/admin-orders";
import { orderParams } from "@/lib/schemas/orders";
import { adminCancel } from "@/lib/services/orders";

// POST /api/admin/orders/{orderId}/cancel – pending or processing (reason required) → cancelled; a paid order is refunded first (credit note)
export const POST = route({ access: "admin", params: orderParams, body: cancelOrderBody }, async ({ params, body, session, locale }) =>
  adminCancel(params.orderId, body, session, locale),
);
