import { route } from "@/lib/api/route";
import { updateCartItemBody } from "@/lib/schemas/cart";
import { idParams } from "@/lib/schemas/common";
import { removeCartItem, updateCartItem } from "@/lib/services/cart";

const NO_STORE = { "cache-control": "private, no-store" };

export const PUT = route(
  { access: "user", params: idParams("itemId"), body: updateCartItemBody },
  async ({ session, params, body, locale }) =>
    Response.json(await updateCartItem(session, params.itemId, body, locale), { headers: NO_STORE }),
);

export const DELETE = route({ access: "user", params: idParams("itemId") }, async ({ session, params, locale }) =>
  Response.json(await removeCartItem(session, params.itemId, locale), { headers: NO_STORE }),
);
