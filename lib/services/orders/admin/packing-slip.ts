import "server-only";
import { asc, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { FileData } from "@/lib/request-context/file-data";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import { berlinLongDate } from "@/lib/domain/berlin-time";
import { renderPackingSlipPdf, type PackingSlipPdfInput } from "@/lib/integrations/pdf/packing-slip";
import { loadBundles } from "../core/dto";
import { colourName } from "../order-mails";
import { addressLines, countryNames } from "../receipt";
import { loadShopName } from "../../brand";

const t = (locale: Locale, key: string, params?: Record<string, string | number>) => translate(locale, `packingSlip.${key}`, params);

/** Lines are numbered as the print files are, so a sheet and its mug find each other. */
export async function packingSlipsPdf(orderIds: readonly string[], locale: Locale): Promise<FileData> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.orderNumber));
  if (rows.length === 0) throw notFound();
  const bundles = await loadBundles(db, rows);
  const slips: PackingSlipPdfInput["slips"] = [];
  for (const bundle of bundles) {
    const names = await countryNames(db, bundle, locale);
    const shipping = bundle.addresses.find((a) => a.kind === "shipping");
    const { order } = bundle;
    slips.push({
      heading: t(locale, "heading", { number: order.orderNumber }),
      facts: [
        { label: t(locale, "orderDate"), value: berlinLongDate(order.createdAt, locale) },
        { label: t(locale, "email"), value: order.email },
        ...(order.phone ? [{ label: t(locale, "phone"), value: order.phone }] : []),
      ],
      shipTo: { heading: t(locale, "shipTo"), lines: shipping ? addressLines(shipping, names) : [`${order.firstName} ${order.lastName}`] },
      items: bundle.items.map((item, index) => ({
        line: String(index + 1),
        name: item.articleName,
        detail: colourName(item),
        quantity: String(item.quantity),
      })),
    });
  }
  const pdf = await renderPackingSlipPdf({
    title: t(locale, "title"),
    shopName: await loadShopName(db),
    language: locale,
    columns: { line: t(locale, "line"), item: t(locale, "item"), quantity: t(locale, "quantity"), packed: t(locale, "packed") },
    slips,
  });
  const numbers = rows.map((o) => o.orderNumber);
  const name = numbers.length === 1 ? `${numbers[0]}-packing-slip.pdf` : `packing-slips-${numbers[0]}-${numbers.at(-1)}.pdf`;
  return {
    contentType: "application/pdf",
    body: pdf,
    fileName: name.replace(/[^A-Za-z0-9._-]/g, "_"),
    disposition: "inline",
    cache: "private-no-store",
  };
}
