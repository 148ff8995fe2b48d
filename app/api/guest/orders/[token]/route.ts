import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import { guestOrderParams } from "@/lib/schemas/guest-orders";
import { getGuestOrder } from "@/lib/services/orders/guest-link";

export const GET = route({ access: "public", params: guestOrderParams }, async ({ req, params, locale }) =>
  Response.json(await getGuestOrder(params.token, clientIp(req, env().TRUSTED_PROXY_COUNT), locale), {
    headers: { "cache-control": "private, no-store", "referrer-policy": "no-referrer" },
  }),
);
