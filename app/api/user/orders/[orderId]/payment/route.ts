import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { retryPayment } from "@/lib/services/orders";

export const POST = route({ access: "user", params: orderParams }, async ({ session, params, locale }) =>
  retryPayment(session, params.orderId, locale),
);
