import { route } from "@/lib/api/route";
import { refreshCartPrices } from "@/lib/services/cart";

export const POST = route({ access: "user" }, async ({ session, locale }) =>
  Response.json(await refreshCartPrices(session, locale), { headers: { "cache-control": "private, no-store" } }),
);
