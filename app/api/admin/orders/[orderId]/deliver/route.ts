import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { deliverOrder } from "@/lib/services/orders";

export const POST = route({ access: "admin", params: orderParams }, async ({ params, session, locale }) =>
  deliverOrder(params.orderId, session, locale),
);
