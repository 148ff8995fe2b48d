import { route } from "@/lib/api/route";
import { fileResponse, pdfInline } from "@/lib/api/file-response";
import { invoiceQuery } from "@/lib/schemas/admin-orders";
import { orderParams } from "@/lib/schemas/orders";
import { adminInvoiceFile } from "@/lib/services/invoices";

export const GET = route({ access: "admin", permission: "orders", params: orderParams, query: invoiceQuery }, async ({ params, query }) =>
  fileResponse(pdfInline(await adminInvoiceFile(params.orderId, query.invoiceId))),
);
