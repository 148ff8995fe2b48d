import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { countries, type Order } from "@/db/schema";
import { formatNumber } from "@/lib/format";
import { translate } from "@/lib/i18n/messages";
import type { OrderBundle } from "../core/dto";
import type { InvoiceContent, VatTotal } from "../../invoices/content";

/**
 * Why the invoice charges the VAT it does, written into the document in its language: the export exemption, or the
 * destination's VAT declared through the One-Stop-Shop (named by the country the goods went to).
 */
export async function taxNoteOf(
  tx: Tx,
  order: Pick<Order, "taxTreatment">,
  bundle: OrderBundle,
  vatTotals: readonly VatTotal[],
  language: InvoiceContent["language"],
): Promise<string | null> {
  if (order.taxTreatment === "export") return translate(language, "invoice.exportNote");
  if (order.taxTreatment !== "oss") return null;
  const shipTo = bundle.addresses.find((a) => a.kind === "shipping")?.countryCode;
  if (!shipTo) return null;
  const [country] = await tx.select().from(countries).where(eq(countries.code, shipTo));
  const name = country ? (language === "de" ? country.nameDe : country.nameEn) : shipTo;
  const rate = Math.max(0, ...vatTotals.map((v) => v.vatPercent));
  return translate(language, "invoice.ossNote", { country: name, rate: formatNumber(rate, language) });
}
