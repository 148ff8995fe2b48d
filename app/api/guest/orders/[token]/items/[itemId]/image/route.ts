import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/request-context/client-ip";
import { fileResponse } from "@/lib/api/file-response";
import { env } from "@/lib/env";
import { guestOrderItemParams } from "@/lib/schemas/guest-orders";
import { guestItemImage } from "@/lib/services/orders/guest-link";

export const GET = route({ access: "public", params: guestOrderItemParams }, async ({ req, params }) =>
  fileResponse(
    await guestItemImage(params.token, clientIp(req, env().TRUSTED_PROXY_COUNT), params.itemId),
    req.headers.get("if-none-match"),
  ),
);
