import { route } from "@/lib/api/route";
import { shippingAddressBody } from "@/lib/schemas/admin-orders";
import { orderParams } from "@/lib/schemas/orders";
import { correctShippingAddress } from "@/lib/services/orders";

export const PUT = route(
  { access: "admin", permission: "orders", params: orderParams, body: shippingAddressBody },
  async ({ params, body, session, locale }) => correctShippingAddress(params.orderId, body, session, locale),
);
