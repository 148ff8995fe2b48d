import { z } from "zod";
import { route } from "@/lib/api/route";
import { sandboxCardBody } from "@/lib/schemas/orders";
import { confirmSandboxPayment } from "@/lib/services/orders";

/** An order id is a UUID; anything else answers 404 like an unknown order. */
const orderParams = z.object({ orderId: z.uuid() });

// POST /api/user/orders/{orderId}/payment/sandbox – pay the current attempt with a test card (sandbox provider only; the card is not stored)
export const POST = route({ access: "user", params: orderParams, body: sandboxCardBody }, async ({ session, params, body, locale }) =>
  confirmSandboxPayment(session, params.orderId, body, locale),
);
