import { route } from "@/lib/api/route";
import { orderItemParams } from "@/lib/schemas/admin-orders";
import { fileResponse } from "@/lib/api/file-response";
import { orderLinePrintPdf, printFile } from "@/lib/services/print";

// GET /api/admin/orders/{orderId}/items/{itemId}/print – the print PDF of that line in its mug's document format, with x-print-dpi headers (404 when not a line of that order or no design)
export const GET = route({ access: "admin", params: orderItemParams }, async ({ params }) =>
  fileResponse(printFile(await orderLinePrintPdf(params.orderId, params.itemId))),
);
