import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { getOrderForUser } from "@/lib/services/orders";

export const GET = route({ access: "user", params: orderParams }, async ({ session, params, locale }) =>
  Response.json(await getOrderForUser(session, params.orderId, locale), { headers: { "cache-control": "private, no-store" } }),
);
