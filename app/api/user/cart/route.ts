import { route } from "@/lib/api/route";
import { clearCart, getCart } from "@/lib/services/cart";

const NO_STORE = { "cache-control": "private, no-store" };

export const GET = route({ access: "user" }, async ({ session, locale }) =>
  Response.json(await getCart(session, locale), { headers: NO_STORE }),
);

export const DELETE = route({ access: "user" }, async ({ session, locale }) =>
  Response.json(await clearCart(session, locale), { headers: NO_STORE }),
);
