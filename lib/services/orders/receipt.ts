import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { countries, invoices, type MailAttachment } from "@/db/schema";
import { berlinLongDate } from "@/lib/domain/berlin-time";
import { formatEuro } from "@/lib/format";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import type { MailMessage } from "@/lib/integrations/mail";
import type { ReceiptPdfInput } from "@/lib/integrations/pdf/receipt";
import { confirmationLegal } from "./confirmation-legal";
import { orderPaymentStatus } from "@/lib/domain/order-flow";
import type { OrderAddress, OrderBundle, Queryable } from "./core/dto";
import { colourName, orderLinkHtml, orderLinkOf, orderLinkText } from "./order-mails";
import { escapeHtml } from "@/lib/security/html";
import { loadShopName } from "../brand";

const t = (locale: Locale, key: string, params?: Record<string, string | number>) => translate(locale, `receipt.${key}`, params);

/** An export's prices are net: the customer learns why, and that the border may charge duties and import VAT. */
const pricesNote = (order: OrderBundle["order"], locale: Locale) =>
  t(locale, order.taxTreatment === "export" ? "pricesExport" : "pricesIncludeVat");

function formatDate(date: Date, locale: Locale): string {
  return berlinLongDate(date, locale);
}

export async function countryNames(db: Queryable, bundle: OrderBundle, locale: Locale): Promise<Map<string, string>> {
  const codes = [...new Set(bundle.addresses.map((a) => a.countryCode))];
  if (codes.length === 0) return new Map();
  const rows = await db.select().from(countries).where(inArray(countries.code, codes));
  return new Map(rows.map((c) => [c.code, locale === "de" ? c.nameDe : c.nameEn]));
}

export function addressLines(a: OrderAddress, names: Map<string, string>): string[] {
  return [
    `${a.firstName} ${a.lastName}`,
    a.street1,
    ...(a.street2 ? [a.street2] : []),
    `${a.postalCode} ${a.city}`,
    names.get(a.countryCode) ?? a.countryCode,
  ];
}

interface ReceiptContent {
  facts: { label: string; value: string }[];
  addresses: { heading: string; lines: string[] }[];
  items: { name: string; detail: string | null; quantity: string; unitPrice: string; total: string }[];
  totals: { label: string; value: string; strong?: boolean }[];
}

async function receiptContent(db: Queryable, bundle: OrderBundle, locale: Locale): Promise<ReceiptContent> {
  const { order } = bundle;
  const euro = (cents: number) => formatEuro(cents, locale);
  const names = await countryNames(db, bundle, locale);
  const shipping = bundle.addresses.find((a) => a.kind === "shipping");
  const billing = bundle.addresses.find((a) => a.kind === "billing") ?? shipping;
  return {
    facts: [
      { label: t(locale, "orderNumber"), value: order.orderNumber },
      { label: t(locale, "orderDate"), value: formatDate(order.createdAt, locale) },
      { label: t(locale, "customer"), value: `${order.firstName} ${order.lastName} <${order.email}>` },
      { label: t(locale, "paymentStatus"), value: t(locale, `status.${orderPaymentStatus(bundle.payments, bundle.order.totalCents)}`) },
    ],
    addresses: [
      ...(shipping ? [{ heading: t(locale, "shippingAddress"), lines: addressLines(shipping, names) }] : []),
      ...(billing ? [{ heading: t(locale, "billingAddress"), lines: addressLines(billing, names) }] : []),
    ],
    items: bundle.items.map((i) => ({
      name: i.articleName,
      detail: colourName(i),
      quantity: String(i.quantity),
      unitPrice: euro(i.unitPriceCents),
      total: euro(i.totalCents),
    })),
    totals: [
      { label: t(locale, "subtotal"), value: euro(order.subtotalCents) },
      ...(order.discountCents > 0
        ? [{ label: t(locale, "discount", { code: order.discountCode ?? "" }), value: euro(-order.discountCents) }]
        : []),
      { label: t(locale, "shipping"), value: euro(order.shippingCents) },
      { label: t(locale, "total"), value: euro(order.totalCents), strong: true },
      { label: t(locale, order.taxTreatment === "export" ? "vatNone" : "vatIncluded"), value: euro(order.taxCents) },
    ],
  };
}

export async function receiptPdfInput(db: Queryable, bundle: OrderBundle, locale: Locale): Promise<ReceiptPdfInput> {
  const content = await receiptContent(db, bundle, locale);
  return {
    title: t(locale, "title"),
    shopName: await loadShopName(db),
    language: locale,
    ...content,
    columns: { item: t(locale, "item"), quantity: t(locale, "quantity"), unitPrice: t(locale, "unitPrice"), total: t(locale, "lineTotal") },
    footer: `${pricesNote(bundle.order, locale)} ${t(locale, "thanks")}`,
  };
}

export function withInvoice(
  attachments: MailAttachment[] | null | undefined,
  invoice: { id: number } | null | undefined,
): MailAttachment[] | null {
  const all = [...(invoice ? [{ type: "invoice" as const, invoiceId: invoice.id }] : []), ...(attachments ?? [])];
  return all.length ? all : null;
}

export async function receiptMail(db: Queryable, bundle: OrderBundle, locale: Locale): Promise<MailMessage> {
  const { order } = bundle;
  const content = await receiptContent(db, bundle, locale);
  const shopName = await loadShopName(db);
  const greeting = t(locale, "mailGreeting", { firstName: order.firstName });
  const intro = t(locale, "mailIntro", { total: formatEuro(order.totalCents, locale) });
  const [invoice] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
  const invoiceLine = invoice ? t(locale, "mailInvoice", { number: invoice.number }) : null;
  const link = await orderLinkOf(db, order);
  const legal = await confirmationLegal(db, locale);
  const itemLine = (i: ReceiptContent["items"][number]) =>
    `${i.quantity} × ${i.name}${i.detail ? ` (${i.detail})` : ""}: ${i.unitPrice} → ${i.total}`;

  const text = [
    greeting,
    "",
    intro,
    "",
    ...(invoiceLine ? [invoiceLine, ""] : []),
    ...content.facts.map((f) => `${f.label}: ${f.value}`),
    "",
    `${t(locale, "mailItems")}`,
    ...content.items.map((i) => `  ${itemLine(i)}`),
    "",
    ...content.totals.map((x) => `${x.label}: ${x.value}`),
    pricesNote(order, locale),
    "",
    ...content.addresses.flatMap((a) => [`${a.heading}:`, ...a.lines, ""]),
    ...orderLinkText(link, locale).flatMap((p) => [p, ""]),
    t(locale, "mailOutro"),
    "",
    t(locale, "mailSignature", { shopName }),
    ...legal.text,
  ].join("\n");

  const pictures = bundle.items.map((i) => (i.imageId === null ? null : { orderItemId: i.id, cid: `mockup-${i.id}@mugmagic` }));
  const picture = (index: number) => {
    const p = pictures[index];
    return p
      ? `<img src="cid:${p.cid}" width="64" height="64" alt="" style="vertical-align:middle;margin-right:8px;border:1px solid #e7e5e4;border-radius:4px">`
      : "";
  };
  const cell = (s: string, right = false) => `<td style="padding:4px 8px;${right ? "text-align:right;" : ""}">${escapeHtml(s)}</td>`;
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1f2937">`,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>${invoiceLine ? `<p>${escapeHtml(invoiceLine)}</p>` : ""}`,
    `<p>${content.facts.map((f) => `${escapeHtml(f.label)}: <strong>${escapeHtml(f.value)}</strong>`).join("<br>")}</p>`,
    `<table style="border-collapse:collapse"><thead><tr>${[t(locale, "item"), t(locale, "quantity"), t(locale, "unitPrice"), t(locale, "lineTotal")].map((h) => `<th style="padding:4px 8px;text-align:left">${escapeHtml(h)}</th>`).join("")}</tr></thead><tbody>`,
    ...content.items.map(
      (i, index) =>
        `<tr><td style="padding:4px 8px;">${picture(index)}${escapeHtml(i.detail ? `${i.name} (${i.detail})` : i.name)}</td>${cell(i.quantity, true)}${cell(i.unitPrice, true)}${cell(i.total, true)}</tr>`,
    ),
    `</tbody></table>`,
    `<p>${content.totals.map((x) => (x.strong ? `<strong>${escapeHtml(x.label)}: ${escapeHtml(x.value)}</strong>` : `${escapeHtml(x.label)}: ${escapeHtml(x.value)}`)).join("<br>")}<br><small>${escapeHtml(pricesNote(order, locale))}</small></p>`,
    ...content.addresses.map((a) => `<p><strong>${escapeHtml(a.heading)}</strong><br>${a.lines.map(escapeHtml).join("<br>")}</p>`),
    orderLinkHtml(link, locale),
    `<p>${escapeHtml(t(locale, "mailOutro"))}</p><p>${escapeHtml(t(locale, "mailSignature", { shopName }))}</p>`,
    ...legal.html,
    `</body></html>`,
  ].join("\n");

  const attachments = pictures.flatMap((p) => (p ? [{ type: "mockup" as const, ...p }] : []));
  return {
    to: order.email,
    subject: t(locale, "mailSubject", { orderNumber: order.orderNumber, shopName }),
    text,
    html,
    attachments,
    link: link.mail,
  };
}
