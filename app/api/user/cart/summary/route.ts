import { route } from "@/lib/api/route";
import { cartSummaryQuery } from "@/lib/schemas/shipping";
import { getCartSummary } from "@/lib/services/cart";

export const GET = route({ access: "user", query: cartSummaryQuery }, async ({ session, query }) =>
  Response.json(await getCartSummary(session, query.country), { headers: { "cache-control": "private, no-store" } }),
);
