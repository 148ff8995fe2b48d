import { route } from "@/lib/api/route";
import { orderItemParams } from "@/lib/schemas/admin-orders";
import { orderLinePrintPdf } from "@/lib/services/orders/admin-queries";
import { printPdfResponse } from "@/lib/services/print";

// GET /api/admin/orders/{orderId}/items/{itemId}/print – the print PDF of that line in its mug's document format, with x-print-dpi headers (404 when not a line of that order or no design)
export const GET = route({ access: "admin", params: orderItemParams }, async ({ params }) =>
  printPdfResponse(await orderLinePrintPdf(params.orderId, params.itemId)),
);
