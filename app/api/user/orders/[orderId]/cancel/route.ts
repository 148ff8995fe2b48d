import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { cancelOrder } from "@/lib/services/orders";

// POST /api/user/orders/{orderId}/cancel – cancel an own pending order (a paid one is refunded; otherwise 409)
export const POST = route({ access: "user", params: orderParams }, async ({ session, params, locale }) => cancelOrder(session, params.orderId, locale));
