import { route } from "@/lib/api/route";
import { clearCart, getCart } from "@/lib/services/cart";

const NO_STORE = { "cache-control": "private, no-store" };

// GET /api/user/cart – the caller's cart: items with design preview, mug, colour variant, prices, and the summary
export const GET = route({ access: "user" }, async ({ session }) => Response.json(await getCart(session), { headers: NO_STORE }));

// DELETE /api/user/cart – empties the caller's cart; answers the (empty) cart
export const DELETE = route({ access: "user" }, async ({ session }) => Response.json(await clearCart(session), { headers: NO_STORE }));
