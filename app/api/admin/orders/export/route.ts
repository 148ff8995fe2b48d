import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { adminOrdersExportQuery } from "@/lib/schemas/admin-orders";
import { exportOrdersCsv } from "@/lib/services/orders/export";

export const GET = route({ access: "admin", query: adminOrdersExportQuery }, async ({ query, locale, session, req }) => {
  const { filename, stream } = await exportOrdersCsv(query, locale, auditContext(session, req));
  return new Response(stream, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
