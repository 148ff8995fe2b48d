import { route } from "@/lib/api/route";
import { fileResponse, pdfAttachment } from "@/lib/api/file-response";
import { invoiceQuery } from "@/lib/schemas/admin-orders";
import { orderParams } from "@/lib/schemas/orders";
import { userInvoiceFile } from "@/lib/services/invoices";

export const GET = route({ access: "user", params: orderParams, query: invoiceQuery }, async ({ session, params, query }) =>
  fileResponse(pdfAttachment(await userInvoiceFile(session, params.orderId, query.invoiceId))),
);
