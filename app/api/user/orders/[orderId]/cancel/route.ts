import { z } from "zod";
import { route } from "@/lib/api/route";
import { cancelOrder } from "@/lib/services/orders";

/** An order id is a UUID; anything else answers 404 like an unknown order. */
const orderParams = z.object({ orderId: z.uuid() });

// POST /api/user/orders/{orderId}/cancel – cancel an own pending order (a paid one is refunded; otherwise 409)
export const POST = route({ access: "user", params: orderParams }, async ({ session, params, locale }) => cancelOrder(session, params.orderId, locale));
