import { route } from "@/lib/api/route";
import { sandboxAuthenticateBody, orderParams } from "@/lib/schemas/orders";
import { authenticateSandboxPayment } from "@/lib/services/orders";

// POST /api/user/orders/{orderId}/payment/sandbox/authenticate – approve or reject the extra (3-D Secure) step of a sandbox payment
export const POST = route(
  { access: "user", params: orderParams, body: sandboxAuthenticateBody },
  async ({ session, params, body, locale }) => authenticateSandboxPayment(session, params.orderId, body.approve, locale),
);
