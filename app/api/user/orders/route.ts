import { route } from "@/lib/api/route";
import { placeOrderBody } from "@/lib/schemas/orders";
import { listOrders, placeOrder } from "@/lib/services/orders";

const privateJson = (data: unknown, status = 200) => Response.json(data, { status, headers: { "cache-control": "private, no-store" } });

// GET /api/user/orders – the caller's own orders, newest first
export const GET = route({ access: "user" }, async ({ session, locale }) => privateJson(await listOrders(session, locale)));

// POST /api/user/orders – place an order from the cart (server totals; idempotent per idempotencyKey) → 201 { order, payment }
export const POST = route({ access: "user", body: placeOrderBody }, async ({ session, body, locale }) =>
  privateJson(await placeOrder(session, body, locale), 201),
);
