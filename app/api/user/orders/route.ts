import { clientIp } from "@/lib/request-context/client-ip";
import { route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { placeOrderBody } from "@/lib/schemas/orders";
import { listOrders, placeOrder } from "@/lib/services/orders";

const privateJson = (data: unknown, status = 200) => Response.json(data, { status, headers: { "cache-control": "private, no-store" } });

export const GET = route({ access: "user" }, async ({ session, locale }) => privateJson(await listOrders(session, locale)));

export const POST = route({ access: "user", body: placeOrderBody }, async ({ req, session, body, locale }) =>
  privateJson(await placeOrder(session, body, locale, clientIp(req, env().TRUSTED_PROXY_COUNT)), 201),
);
