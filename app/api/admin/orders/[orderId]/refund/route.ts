import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { refundOrderBody } from "@/lib/schemas/admin-orders";
import { orderParams } from "@/lib/schemas/orders";
import { adminRefund } from "@/lib/services/orders";

export const POST = route(
  { access: "admin", permission: "refunds", params: orderParams, body: refundOrderBody },
  async ({ params, body, session, locale, req }) => adminRefund(params.orderId, body, session, locale, auditClient(req)),
);
