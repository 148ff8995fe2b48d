import { route } from "@/lib/api/route";
import { addCartItemBody } from "@/lib/schemas/cart";
import { addCartItem } from "@/lib/services/cart";

// POST /api/user/cart/items – puts one of the caller's generated images on a mug variant at the catalogue price (any price sent is ignored) → 201 cart
export const POST = route({ access: "user", body: addCartItemBody }, async ({ session, body, locale }) =>
  Response.json(await addCartItem(session, body, locale), { status: 201, headers: { "cache-control": "private, no-store" } }),
);
