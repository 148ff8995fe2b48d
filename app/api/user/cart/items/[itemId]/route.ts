import { route } from "@/lib/api/route";
import { updateCartItemBody } from "@/lib/schemas/cart";
import { idParams } from "@/lib/schemas/common";
import { removeCartItem, updateCartItem } from "@/lib/services/cart";

const NO_STORE = { "cache-control": "private, no-store" };

// PUT /api/user/cart/items/{itemId} – sets the quantity (1–99) of a line of the caller's cart (anybody else's → 404)
export const PUT = route(
  { access: "user", params: idParams("itemId"), body: updateCartItemBody },
  async ({ session, params, body, locale }) =>
    Response.json(await updateCartItem(session, params.itemId, body, locale), { headers: NO_STORE }),
);

// DELETE /api/user/cart/items/{itemId} – removes a line of the caller's cart (anybody else's → 404); answers the cart
export const DELETE = route({ access: "user", params: idParams("itemId") }, async ({ session, params, locale }) =>
  Response.json(await removeCartItem(session, params.itemId, locale), { headers: NO_STORE }),
);
