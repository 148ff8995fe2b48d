import { clientIp } from "@/lib/request-context/client-ip";
import { route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { applyDiscountBody } from "@/lib/schemas/discounts";
import { applyCartDiscount, removeCartDiscount } from "@/lib/services/cart";

const NO_STORE = { "cache-control": "private, no-store" };

// POST /api/user/cart/discount – put a discount code on the cart (422 with the reason when it does not apply)
export const POST = route({ access: "user", body: applyDiscountBody }, async ({ req, session, body, locale }) =>
  Response.json(await applyCartDiscount(session, body, locale, clientIp(req, env().TRUSTED_PROXY_COUNT)), { headers: NO_STORE }),
);

// DELETE /api/user/cart/discount – take the code off the cart
export const DELETE = route({ access: "user" }, async ({ session, locale }) =>
  Response.json(await removeCartDiscount(session, locale), { headers: NO_STORE }),
);
