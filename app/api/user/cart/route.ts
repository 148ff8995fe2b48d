import { route } from "@/lib/api/route";
import { clearCart, getCart } from "@/lib/services/cart";

const NO_STORE = { "cache-control": "private, no-store" };

// GET /api/user/cart – the caller's cart: items with design preview, mug, colour variant (names in the caller's language), prices, and the summary
export const GET = route({ access: "user" }, async ({ session, locale }) =>
  Response.json(await getCart(session, locale), { headers: NO_STORE }),
);

// DELETE /api/user/cart – empties the caller's cart; answers the (empty) cart
export const DELETE = route({ access: "user" }, async ({ session, locale }) =>
  Response.json(await clearCart(session, locale), { headers: NO_STORE }),
);
