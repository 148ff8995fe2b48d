import { route } from "@/lib/api/route";
import { sandboxCardBody, orderParams } from "@/lib/schemas/orders";
import { confirmSandboxPayment } from "@/lib/services/orders";

export const POST = route({ access: "user", params: orderParams, body: sandboxCardBody }, async ({ session, params, body, locale }) =>
  confirmSandboxPayment(session, params.orderId, body, locale),
);
