import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { processOrder } from "@/lib/services/orders";

// POST /api/admin/orders/{orderId}/process – Process Order: pending → processing, only when paid (409 otherwise)
export const POST = route({ access: "admin", params: orderParams }, async ({ params, session, locale }) =>
  processOrder(params.orderId, session, locale),
);
