import { route } from "@/lib/api/route";
import { fileResponse, pdfAttachment } from "@/lib/api/file-response";
import { clientIp } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import { invoiceQuery } from "@/lib/schemas/admin-orders";
import { guestOrderParams } from "@/lib/schemas/guest-orders";
import { guestInvoiceFile } from "@/lib/services/orders/guest-link";

export const GET = route({ access: "public", params: guestOrderParams, query: invoiceQuery }, async ({ req, params, query }) =>
  fileResponse(pdfAttachment(await guestInvoiceFile(params.token, clientIp(req, env().TRUSTED_PROXY_COUNT), query.invoiceId))),
);
