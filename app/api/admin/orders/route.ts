import { route } from "@/lib/api/route";
import { adminOrdersQuery } from "@/lib/schemas/admin-orders";
import { listAdminOrders } from "@/lib/services/orders/admin-queries";

export const GET = route({ access: "admin", permission: "orders", query: adminOrdersQuery }, async ({ query, locale }) =>
  listAdminOrders(query, locale),
);
