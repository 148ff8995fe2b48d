import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { resendReceipt } from "@/lib/services/orders";

export const POST = route({ access: "admin", permission: "orders", params: orderParams }, async ({ params, session }) =>
  resendReceipt(params.orderId, session),
);
