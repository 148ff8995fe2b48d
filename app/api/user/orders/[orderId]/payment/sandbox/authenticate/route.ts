import { route } from "@/lib/api/route";
import { sandboxAuthenticateBody, orderParams } from "@/lib/schemas/orders";
import { authenticateSandboxPayment } from "@/lib/services/orders";

export const POST = route(
  { access: "user", params: orderParams, body: sandboxAuthenticateBody },
  async ({ session, params, body, locale }) => authenticateSandboxPayment(session, params.orderId, body.approve, locale),
);
