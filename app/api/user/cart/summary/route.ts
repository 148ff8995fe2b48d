import { route } from "@/lib/api/route";
import { getCartSummary } from "@/lib/services/cart";

// GET /api/user/cart/summary – item count, subtotal, shipping, VAT and total of the caller's cart (computed on the server)
export const GET = route({ access: "user" }, async ({ session }) =>
  Response.json(await getCartSummary(session), { headers: { "cache-control": "private, no-store" } }),
);
