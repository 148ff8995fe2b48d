import { clientIp } from "@/lib/request-context/client-ip";
import { route } from "@/lib/api/route";
import { env } from "@/lib/env";
import { orderParams } from "@/lib/schemas/orders";
import { cancelOwnOrder } from "@/lib/services/orders";

export const POST = route({ access: "user", params: orderParams }, async ({ req, session, params, locale }) =>
  cancelOwnOrder(session, params.orderId, locale, clientIp(req, env().TRUSTED_PROXY_COUNT)),
);
