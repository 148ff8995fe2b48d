import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { getReceiptPdf } from "@/lib/services/orders";

export const GET = route({ access: "user", params: orderParams }, async ({ session, params, locale }) => {
  const { orderNumber, pdf } = await getReceiptPdf(session, params.orderId, locale);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="receipt-${orderNumber}.pdf"`,
      "content-length": String(pdf.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
