import { route } from "@/lib/api/route";
import { completeOrderBody } from "@/lib/schemas/admin-orders";
import { orderParams } from "@/lib/schemas/orders";
import { completeOrder } from "@/lib/services/orders";

// POST /api/admin/orders/{orderId}/complete – Mark as Completed: processing → shipped with optional carrier and tracking number; mails the customer
export const POST = route({ access: "admin", params: orderParams, body: completeOrderBody }, async ({ params, body, session, locale }) =>
  completeOrder(params.orderId, body, session, locale),
);
