import { route } from "@/lib/api/route";
import { addCartItemBody } from "@/lib/schemas/cart";
import { addCartItem } from "@/lib/services/cart";

export const POST = route({ access: "user", body: addCartItemBody }, async ({ session, body, locale }) =>
  Response.json(await addCartItem(session, body, locale), { status: 201, headers: { "cache-control": "private, no-store" } }),
);
