import { route } from "@/lib/api/route";
import { adminOrdersQuery } from "@/lib/schemas/admin-orders";
import { listAdminOrders } from "@/lib/services/orders/admin-queries";

// GET /api/admin/orders?status=open|completed|cancelled|all&q=&from=&to=&page=&pageSize= – one page of orders, newest first, with sums over all matches
export const GET = route({ access: "admin", query: adminOrdersQuery }, async ({ query, locale }) => listAdminOrders(query, locale));
