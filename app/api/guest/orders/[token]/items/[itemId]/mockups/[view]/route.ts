import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/request-context/client-ip";
import { fileResponse } from "@/lib/api/file-response";
import { env } from "@/lib/env";
import { guestOrderItemParams } from "@/lib/schemas/guest-orders";
import { mockupView } from "@/lib/schemas/mockups";
import { guestItemMockup } from "@/lib/services/orders/guest-link";

const params = guestOrderItemParams.extend({ view: mockupView });

// GET /api/guest/orders/{token}/items/{itemId}/mockups/{view} – an order line's mockup for the holder of the order link
export const GET = route({ access: "public", params }, async ({ req, params }) =>
  fileResponse(
    await guestItemMockup(params.token, clientIp(req, env().TRUSTED_PROXY_COUNT), params.itemId, params.view),
    req.headers.get("if-none-match"),
  ),
);
