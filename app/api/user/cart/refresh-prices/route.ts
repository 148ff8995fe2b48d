import { route } from "@/lib/api/route";
import { refreshCartPrices } from "@/lib/services/cart";

// POST /api/user/cart/refresh-prices – compares the price snapshots with the catalogue: marks changed lines, removes unavailable ones; answers the cart
export const POST = route({ access: "user" }, async ({ session, locale }) =>
  Response.json(await refreshCartPrices(session, locale), { headers: { "cache-control": "private, no-store" } }),
);
