import { z } from "zod";
import { route } from "@/lib/api/route";
import { retryPayment } from "@/lib/services/orders";

/** An order id is a UUID; anything else answers 404 like an unknown order. */
const orderParams = z.object({ orderId: z.uuid() });

// POST /api/user/orders/{orderId}/payment – the current payment attempt of an unpaid order, or a fresh one after a failure (retry)
export const POST = route({ access: "user", params: orderParams }, async ({ session, params, locale }) => retryPayment(session, params.orderId, locale));
