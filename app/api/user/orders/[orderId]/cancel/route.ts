import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { cancelOwnOrder } from "@/lib/services/orders";

// POST /api/user/orders/{orderId}/cancel – cancel an own order while pending (a paid one is refunded first; otherwise 409)
export const POST = route({ access: "user", params: orderParams }, async ({ session, params, locale }) => cancelOwnOrder(session, params.orderId, locale));
