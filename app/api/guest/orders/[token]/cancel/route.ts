import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import { guestOrderParams } from "@/lib/schemas/guest-orders";
import { cancelGuestOrder } from "@/lib/services/orders/guest-link";

export const POST = route({ access: "public", params: guestOrderParams }, async ({ req, params, locale }) =>
  cancelGuestOrder(params.token, clientIp(req, env().TRUSTED_PROXY_COUNT), locale),
);
