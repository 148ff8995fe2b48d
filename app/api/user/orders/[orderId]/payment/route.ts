import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { retryPayment } from "@/lib/services/orders";

// POST /api/user/orders/{orderId}/payment – the current payment attempt of an unpaid order, or a fresh one after a failure (retry)
export const POST = route({ access: "user", params: orderParams }, async ({ session, params, locale }) =>
  retryPayment(session, params.orderId, locale),
);
