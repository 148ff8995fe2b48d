import { route } from "@/lib/api/route";
import { orderItemParams } from "@/lib/schemas/admin-orders";
import { fileResponse } from "@/lib/api/file-response";
import { orderLinePrintPdf, printFile } from "@/lib/services/print";

export const GET = route({ access: "admin", permission: "orders", params: orderItemParams }, async ({ params }) =>
  fileResponse(printFile(await orderLinePrintPdf(params.orderId, params.itemId))),
);
