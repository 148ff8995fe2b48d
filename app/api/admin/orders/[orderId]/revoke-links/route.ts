import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { revokeOrderLinks } from "@/lib/services/orders/revoke-links";

// POST /api/admin/orders/{orderId}/revoke-links – every order link mailed so far stops working (the order's link version goes up) → { linkVersion }
export const POST = route({ access: "admin", params: orderParams }, async ({ params, session }) =>
  revokeOrderLinks(params.orderId, session),
);
