import { z } from "zod";
import { QUARTER } from "@/lib/domain/report-period";

export const ossReportQuery = z.object({
  quarter: z.string({ error: "validation.required" }).regex(QUARTER, { error: "validation.quarterInvalid" }),
  format: z.enum(["json", "csv"], { error: "validation.invalidValue" }).optional(),
});

export interface OssReportRow {
  country: string;
  ratePercent: number;
  netCents: number;
  vatCents: number;
}

export interface OssReport {
  quarter: string;
  from: string;
  to: string;
  rows: OssReportRow[];
  totals: { netCents: number; vatCents: number };
}
