import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { countries, invoices, orderEvents, payments, vatRates, type Invoice, type Order } from "@/db/schema";
import { logger } from "@/lib/logger";
import { translate } from "@/lib/i18n/messages";
import { formatNumber } from "@/lib/format";
import { vatInGross } from "@/lib/domain/pricing";
import { missingForInvoice, sellerFrom } from "@/lib/seller";
import { lineColour } from "@/lib/domain/colour-name";
import { berlinDay } from "@/lib/domain/berlin-time";
import { loadBundle, type OrderBundle } from "../core/dto";
import { recordEvent } from "../core/events";
import type { Effects } from "../core/effects";
import { lockOrder } from "../core/locks";
import { invoicesNeedSeller, loadSeller, loadSellerValues } from "../../seller-settings/load";
import { loadShopName } from "../../brand";
import {
  creditNoteLines,
  discountLines,
  grossLine,
  sellerSnapshot,
  totalsOf,
  vatTotalsOf,
  type InvoiceBuyerSnapshot,
  type InvoiceContent,
  type InvoiceLine,
} from "../../invoices/content";
import { nextInvoiceNumber } from "../../invoices/numbers";
import { invoicePdf } from "../../invoices/pdf";
import { taxNoteOf } from "./tax-note";

type Language = InvoiceContent["language"];

async function buyerOf(tx: Tx, bundle: OrderBundle, language: Language): Promise<InvoiceBuyerSnapshot> {
  const a = bundle.addresses.find((x) => x.kind === "billing") ?? bundle.addresses.find((x) => x.kind === "shipping");
  if (!a) throw new Error(`order ${bundle.order.id} has no address`);
  const [country] = await tx.select().from(countries).where(eq(countries.code, a.countryCode));
  const countryName = country ? (language === "de" ? country.nameDe : country.nameEn) : a.countryCode;
  return {
    name: `${a.firstName} ${a.lastName}`,
    street1: a.street1,
    street2: a.street2,
    postalCode: a.postalCode,
    city: a.city,
    countryCode: a.countryCode,
    countryName,
    email: bundle.order.email,
  };
}

/** The shipping VAT is what the order's tax leaves after the lines, so the invoice equals the order to the cent. */
async function shippingLine(tx: Tx, order: Order, itemLines: readonly InvoiceLine[], name: string): Promise<InvoiceLine | null> {
  if (order.shippingCents === 0) return null;
  const vatCents = order.taxCents - itemLines.reduce((s, l) => s + l.vatCents, 0);
  const line = (vatPercent: number): InvoiceLine => ({
    kind: "shipping",
    name,
    detail: null,
    quantity: 1,
    unitGrossCents: order.shippingCents,
    netCents: order.shippingCents - vatCents,
    vatPercent,
    vatCents,
    grossCents: order.shippingCents,
  });
  const stored = order.shippingVatPercent;
  if (stored !== null && vatInGross(order.shippingCents, stored) === vatCents) return line(stored);
  const rates = await tx
    .select({ percent: vatRates.percent, isDefault: vatRates.isDefault })
    .from(vatRates)
    .orderBy(desc(vatRates.isDefault), asc(vatRates.id));
  const [first, ...rest] = rates.map((r) => Number(r.percent));
  const candidates = [...(first === undefined ? [] : [first]), ...itemLines.map((l) => l.vatPercent), ...rest];
  const vatPercent = candidates.find((p) => vatInGross(order.shippingCents, p) === vatCents);
  if (vatPercent === undefined)
    logger.warn("invoice: no VAT rate matches the order's shipping tax", {
      orderId: order.id,
      vatCents,
      shippingCents: order.shippingCents,
    });
  return line(vatPercent ?? first ?? 19);
}

async function insertDocument(
  tx: Tx,
  orderId: string,
  content: Omit<InvoiceContent, "number" | "issueDate" | "deliveryDate">,
  refs: { refersToInvoiceId?: number; refundId?: number },
): Promise<Invoice> {
  const now = new Date();
  const issueDate = berlinDay(now);
  const { year, sequence, number } = await nextInvoiceNumber(tx, Number(issueDate.slice(0, 4)));
  const full: InvoiceContent = { ...content, number, issueDate, deliveryDate: issueDate };
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId,
      kind: content.kind,
      number,
      year,
      sequence,
      refersToInvoiceId: refs.refersToInvoiceId ?? null,
      refundId: refs.refundId ?? null,
      issuedAt: now,
      deliveryDate: issueDate,
      currency: "EUR",
      netCents: content.totals.netCents,
      taxCents: content.totals.vatCents,
      grossCents: content.totals.grossCents,
      content: full,
    })
    .returning();
  if (!row) throw new Error("invoice insert returned no row");
  return row;
}

function renderAfterCommit(effects: Effects, invoiceId: number): void {
  effects.after.push(() => invoicePdf(invoiceId));
}

async function markWaiting(tx: Tx, orderId: string, missing: string[]): Promise<void> {
  const [already] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "invoice_waiting")))
    .limit(1);
  logger.warn("invoice waits for the seller's data: enter it under /admin/settings", { orderId, missing });
  if (!already) await recordEvent(tx, { orderId, type: "invoice_waiting", by: { actor: "system" }, data: { missing } });
}

/** Null while a production shop lacks the seller's data: the order then waits (issueWaitingInvoices). */
export async function issueInvoice(tx: Tx, orderId: string, effects: Effects): Promise<Invoice | null> {
  const order = await lockOrder(tx, orderId);
  if (!order) return null;
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  if (existing) return existing;
  const { values } = await loadSellerValues(tx);
  const sellerNow = sellerFrom(values);
  if (!sellerNow.complete) {
    if (invoicesNeedSeller()) {
      await markWaiting(tx, orderId, missingForInvoice(values));
      return null;
    }
    logger.warn("invoice issued with placeholder seller data: enter it under /admin/settings", { orderId });
  }
  const bundle = await loadBundle(tx, orderId);
  if (!bundle) return null;
  const language: Language = order.locale;
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["succeeded", "refunded"])))
    .orderBy(asc(payments.id))
    .limit(1);

  const itemLines = bundle.items.map((i) =>
    grossLine({
      kind: "item",
      name: i.articleName,
      detail: lineColour(i, language),
      quantity: i.quantity,
      unitGrossCents: i.unitPriceCents,
      vatPercent: i.vatPercent,
      grossCents: i.totalCents,
    }),
  );
  const discounts = discountLines(bundle.items, (vatPercent) =>
    translate(language, "invoice.discountLine", { code: order.discountCode ?? "", rate: formatNumber(vatPercent, language) }),
  );
  const goods = [...itemLines, ...discounts];
  const shipping = await shippingLine(tx, order, goods, translate(language, "invoice.shippingLine"));
  const lines = shipping ? [...goods, shipping] : goods;
  const vatTotals = vatTotalsOf(lines);
  const totals = totalsOf(vatTotals);
  if (totals.grossCents !== order.totalCents || totals.vatCents !== order.taxCents) {
    logger.error("invoice totals differ from the order's", { orderId, totals, orderTotal: order.totalCents, orderTax: order.taxCents });
  }

  const invoice = await insertDocument(
    tx,
    orderId,
    {
      version: 1,
      kind: "invoice",
      language,
      currency: "EUR",
      seller: sellerSnapshot(sellerNow),
      shopName: await loadShopName(tx),
      buyer: await buyerOf(tx, bundle, language),
      order: { id: order.id, number: order.orderNumber, placedAt: order.createdAt.toISOString() },
      lines,
      vatTotals,
      totals,
      payment: payment ? { method: "card", provider: payment.provider, paidAt: new Date().toISOString() } : null,
      refersTo: null,
      refund: null,
      taxTreatment: order.taxTreatment,
      taxNote: await taxNoteOf(tx, order, bundle, vatTotals, language),
    },
    {},
  );
  await recordEvent(tx, {
    orderId,
    type: "invoice_issued",
    by: { actor: "system" },
    data: { invoiceId: invoice.id, number: invoice.number, grossCents: invoice.grossCents },
  });
  renderAfterCommit(effects, invoice.id);
  return invoice;
}

export interface CreditNoteInput {
  orderId: string;
  refundId: number;
  amountCents: number;
}

export async function issueCreditNote(tx: Tx, input: CreditNoteInput, effects: Effects): Promise<Invoice | null> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) return null;
  const documents = await tx.select().from(invoices).where(eq(invoices.orderId, input.orderId)).orderBy(asc(invoices.id));
  const already = documents.find((d) => d.kind === "credit_note" && d.refundId === input.refundId);
  if (already) return already;
  const invoice = documents.find((d) => d.kind === "invoice");
  if (!invoice) return null;
  const earlier = documents.filter((d) => d.kind === "credit_note" && d.refersToInvoiceId === invoice.id);
  const remaining = invoice.grossCents - earlier.reduce((s, d) => s + d.grossCents, 0);
  const amountCents = Math.min(input.amountCents, remaining);
  if (amountCents <= 0) {
    logger.warn("credit note: nothing invoiced left to credit", {
      orderId: input.orderId,
      refundId: input.refundId,
      amountCents: input.amountCents,
    });
    return null;
  }
  if (amountCents < input.amountCents)
    logger.warn("credit note capped at the invoiced remainder", {
      orderId: input.orderId,
      refundId: input.refundId,
      amountCents: input.amountCents,
      remaining,
    });

  const original = invoice.content as InvoiceContent;
  const language = original.language;
  const refundLineName = (vatPercent: number) =>
    translate(language, "invoice.refundLine", { number: invoice.number, rate: formatNumber(vatPercent, language) });
  const { lines, full } = creditNoteLines(
    original,
    earlier.map((d) => d.content as InvoiceContent),
    amountCents,
    refundLineName,
  );
  const vatTotals = vatTotalsOf(lines);
  const note = await insertDocument(
    tx,
    input.orderId,
    {
      version: 1,
      kind: "credit_note",
      language,
      currency: "EUR",
      seller: sellerSnapshot(await loadSeller(tx)),
      shopName: await loadShopName(tx),
      buyer: original.buyer,
      order: original.order,
      lines,
      vatTotals,
      totals: totalsOf(vatTotals),
      payment: original.payment,
      refersTo: { id: invoice.id, number: invoice.number, issueDate: original.issueDate },
      refund: { id: input.refundId, amountCents, full },
      taxTreatment: original.taxTreatment,
      taxNote: original.taxNote ?? null,
    },
    { refersToInvoiceId: invoice.id, refundId: input.refundId },
  );
  await recordEvent(tx, {
    orderId: input.orderId,
    type: "credit_note_issued",
    by: { actor: "system" },
    data: { invoiceId: note.id, number: note.number, refersTo: invoice.number, refundId: input.refundId, grossCents: note.grossCents },
  });
  renderAfterCommit(effects, note.id);
  return note;
}
