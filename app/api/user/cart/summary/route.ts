import { route } from "@/lib/api/route";
import { getCartSummary } from "@/lib/services/cart";

export const GET = route({ access: "user" }, async ({ session }) =>
  Response.json(await getCartSummary(session), { headers: { "cache-control": "private, no-store" } }),
);
