import "server-only";
import { and, eq, gte, lt } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { getDb } from "@/db/client";
import { invoices, orderAddresses, orders } from "@/db/schema";
import { quarterPeriod } from "@/lib/domain/report-period";
import type { OssReport, OssReportRow } from "@/lib/schemas/oss-report";
import type { FileData } from "@/lib/request-context/file-data";
import type { InvoiceContent } from "../invoices/content";

/**
 * The quarter's OSS return from the issued documents: invoices of OSS orders add, their credit notes take off, each
 * on the day it was issued, per destination (the shipping country: where the goods went) and rate.
 */
export async function ossReport(quarter: string): Promise<OssReport> {
  const p = quarterPeriod(quarter);
  const db = await getDb();
  const documents = await db
    .select({ kind: invoices.kind, content: invoices.content, country: orderAddresses.countryCode })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(orderAddresses, and(eq(orderAddresses.orderId, orders.id), eq(orderAddresses.kind, "shipping")))
    .where(and(eq(orders.taxTreatment, "oss"), gte(invoices.issuedAt, p.start), lt(invoices.issuedAt, p.end)));
  const sums = new Map<string, OssReportRow>();
  for (const d of documents) {
    const content = d.content as InvoiceContent;
    const country = d.country ?? content.buyer.countryCode;
    const sign = d.kind === "credit_note" ? -1 : 1;
    for (const t of content.vatTotals) {
      const key = `${country}:${t.vatPercent}`;
      const row = sums.get(key) ?? { country, ratePercent: t.vatPercent, netCents: 0, vatCents: 0 };
      row.netCents += sign * t.netCents;
      row.vatCents += sign * t.vatCents;
      sums.set(key, row);
    }
  }
  const rows = [...sums.values()].sort((a, b) => a.country.localeCompare(b.country) || b.ratePercent - a.ratePercent);
  const totals = rows.reduce((s, r) => ({ netCents: s.netCents + r.netCents, vatCents: s.vatCents + r.vatCents }), {
    netCents: 0,
    vatCents: 0,
  });
  return { quarter, from: p.from, to: p.to, rows, totals };
}

const euros = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** Country codes and numbers only, so nothing in it can be read as a formula. */
export function ossReportCsv(report: OssReport): FileData {
  const header = ["country", "rate_percent", "net_eur", "vat_eur"];
  const lines = report.rows.map((r) => [r.country, String(r.ratePercent), euros(r.netCents), euros(r.vatCents)]);
  return {
    contentType: "text/csv; charset=utf-8",
    body: stringify([header, ...lines], { record_delimiter: "windows" }),
    fileName: `oss-${report.quarter}.csv`,
    cache: "private-no-store",
    headers: { "x-content-type-options": "nosniff" },
  };
}
