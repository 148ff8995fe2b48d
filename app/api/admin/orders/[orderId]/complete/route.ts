import { route } from "@/lib/api/route";
import { completeOrderBody } from "@/lib/schemas/admin-orders";
import { orderParams } from "@/lib/schemas/orders";
import { completeOrder } from "@/lib/services/orders";

export const POST = route(
  { access: "admin", permission: "orders", params: orderParams, body: completeOrderBody },
  async ({ params, body, session, locale }) => completeOrder(params.orderId, body, session, locale),
);
