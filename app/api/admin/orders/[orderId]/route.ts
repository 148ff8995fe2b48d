import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { getAdminOrder } from "@/lib/services/orders/admin-queries";

export const GET = route({ access: "admin", permission: "orders", params: orderParams }, async ({ params, locale }) =>
  getAdminOrder(params.orderId, locale),
);
