import { clientIp } from "@/lib/api/client-ip";
import { route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { orderParams } from "@/lib/schemas/orders";
import { cancelOwnOrder } from "@/lib/services/orders";

// POST /api/user/orders/{orderId}/cancel – cancel an own order while pending (a paid one is refunded first; otherwise 409; CANCELS_PER_HOUR_* per account and client)
export const POST = route({ access: "user", params: orderParams }, async ({ req, session, params, locale }) =>
  cancelOwnOrder(session, params.orderId, locale, clientIp(req, env().TRUSTED_PROXY_COUNT)),
);
