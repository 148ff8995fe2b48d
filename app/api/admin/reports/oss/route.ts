import { route } from "@/lib/api/route";
import { ossReportQuery } from "@/lib/schemas/oss-report";
import { ossReport, ossReportCsv } from "@/lib/services/reports/oss";

export const GET = route({ access: "admin", query: ossReportQuery }, async ({ query }) => {
  const report = await ossReport(query.quarter);
  if (query.format !== "csv") return report;
  const { filename, body } = ossReportCsv(report);
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
