import { route } from "@/lib/api/route";
import { bulkOrderBody } from "@/lib/schemas/admin-orders";
import { bulkOrderAction } from "@/lib/services/orders";

export const POST = route({ access: "admin", permission: "orders", body: bulkOrderBody }, async ({ body, session, locale }) =>
  bulkOrderAction(body, session, locale),
);
