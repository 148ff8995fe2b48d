import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { revokeOrderLinks } from "@/lib/services/orders/revoke-links";

export const POST = route({ access: "admin", permission: "orders", params: orderParams }, async ({ params, session }) =>
  revokeOrderLinks(params.orderId, session),
);
