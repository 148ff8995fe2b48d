import { route } from "@/lib/api/route";
import { cancelOrderBody } from "@/lib/schemas/admin-orders";
import { orderParams } from "@/lib/schemas/orders";
import { adminCancel } from "@/lib/services/orders";

export const POST = route(
  { access: "admin", permission: "orders", params: orderParams, body: cancelOrderBody },
  async ({ params, body, session, locale }) => adminCancel(params.orderId, body, session, locale),
);
