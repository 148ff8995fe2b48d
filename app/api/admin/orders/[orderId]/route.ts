import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { getAdminOrder } from "@/lib/services/orders/admin-queries";

// GET /api/admin/orders/{orderId} – the order with payments, refunds, invoices, timeline and a production sheet per line (404 unknown)
export const GET = route({ access: "admin", params: orderParams }, async ({ params, locale }) => getAdminOrder(params.orderId, locale));
