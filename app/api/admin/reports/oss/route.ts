import { fileResponse } from "@/lib/api/file-response";
import { route } from "@/lib/api/route";
import { ossReportQuery } from "@/lib/schemas/oss-report";
import { ossReport, ossReportCsv } from "@/lib/services/reports/oss";

export const GET = route({ access: "admin", query: ossReportQuery }, async ({ query }) => {
  const report = await ossReport(query.quarter);
  return query.format === "csv" ? fileResponse(ossReportCsv(report)) : report;
});
