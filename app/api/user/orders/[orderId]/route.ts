import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { getOrderForUser } from "@/lib/services/orders";

// GET /api/user/orders/{orderId} – one own order (a Stripe payment is reconciled with Stripe first; anybody else's → 404)
export const GET = route({ access: "user", params: orderParams }, async ({ session, params, locale }) =>
  Response.json(await getOrderForUser(session, params.orderId, locale), { headers: { "cache-control": "private, no-store" } }),
);
