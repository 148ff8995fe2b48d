import "server-only";
import { and, asc, inArray, sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { getDb } from "@/db/client";
import { invoices, orderAddresses, orderItems, orders, payments, type Order } from "@/db/schema";
import { logger } from "@/lib/logger";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import { vatInGross } from "@/lib/domain/pricing";
import type { AdminOrdersExportQuery, OrderExportFormat } from "@/lib/schemas/admin-orders";
import { recordAudit, type AuditContext } from "../audit";
import type { OrderAddress, OrderBundle } from "./core/dto";
import { berlinDay } from "@/lib/domain/berlin-time";
import { describeColour } from "@/lib/domain/colour-name";
import { orderFilterWhere } from "./admin/filters";
import { adminPaymentStatus, moneyOf } from "@/lib/domain/order-flow";

/** Order amounts only on the first line so column sums stay right; formula characters get an apostrophe. */
export const EXPORT_PAGE_SIZE = 100;

const COLUMNS = [
  "orderNumber",
  "invoiceNumbers",
  "orderDate",
  "status",
  "paymentStatus",
  "customerName",
  "email",
  "billingAddress",
  "shippingAddress",
  "article",
  "variant",
  "colour",
  "quantity",
  "unitGross",
  "discount",
  "net",
  "vatRate",
  "vat",
  "gross",
  "shipping",
  "orderTotal",
  "refunded",
  "discountCode",
] as const;
type Column = (typeof COLUMNS)[number];
type Row = Record<Column, string>;

interface Dialect {
  delimiter: string;
  decimal: string;
}
const DIALECTS: Record<OrderExportFormat, Dialect> = {
  csv: { delimiter: ",", decimal: "." },
  "excel-de": { delimiter: ";", decimal: "," },
};

export function exportFormat(chosen: OrderExportFormat | undefined, locale: Locale): OrderExportFormat {
  return chosen ?? (locale === "de" ? "excel-de" : "csv");
}

const csvOptions = (d: Dialect) => ({ delimiter: d.delimiter, record_delimiter: "windows", quoted: true, quoted_empty: true }) as const;

export function euros(cents: number, decimal = "."): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, "0")}`;
}

const FORMULA_START = /(^|[,;\t|] *)(?=[=+\-@\t\r])/g;

export function text(value: string | null | undefined): string {
  return (value ?? "").replace(FORMULA_START, "$1'");
}

function addressLine(addresses: OrderAddress[], kind: OrderAddress["kind"]): string {
  const a = addresses.find((x) => x.kind === kind) ?? addresses.find((x) => x.kind === "shipping");
  if (!a) return "";
  return [`${a.firstName} ${a.lastName}`.trim(), a.street1, a.street2, `${a.postalCode} ${a.city}`.trim(), a.countryCode]
    .filter((p) => p)
    .join(", ");
}

type PaymentMoney = Pick<OrderBundle["payments"][number], "id" | "status" | "amountCents" | "refundedCents">;
interface ExportBundle extends Pick<OrderBundle, "order" | "items" | "addresses"> {
  payments: PaymentMoney[];
  invoiceNumbers: string[];
}

/** An invoice's stored content (kilobytes each) is never read. */
async function loadExportBundles(page: Order[]): Promise<ExportBundle[]> {
  const db = await getDb();
  const ids = page.map((o) => o.id);
  const [itemRows, addressRows, paymentRows, invoiceRows] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select().from(orderAddresses).where(inArray(orderAddresses.orderId, ids)),
    db
      .select({
        orderId: payments.orderId,
        id: payments.id,
        status: payments.status,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
      })
      .from(payments)
      .where(inArray(payments.orderId, ids)),
    db
      .select({ orderId: invoices.orderId, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.orderId, ids))
      .orderBy(asc(invoices.id)),
  ]);
  const byOrder = <T extends { orderId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
    return map;
  };
  const [items, addresses, pays, numbers] = [byOrder(itemRows), byOrder(addressRows), byOrder(paymentRows), byOrder(invoiceRows)];
  return page.map((order) => ({
    order,
    items: items.get(order.id) ?? [],
    addresses: addresses.get(order.id) ?? [],
    payments: pays.get(order.id) ?? [],
    invoiceNumbers: (numbers.get(order.id) ?? []).map((i) => i.number),
  }));
}

function rowsOf(bundle: ExportBundle, locale: Locale, decimal: string): Row[] {
  const amount = (cents: number) => euros(cents, decimal);
  const { order } = bundle;
  const money = moneyOf(bundle.payments);
  const orderFields = {
    orderNumber: order.orderNumber,
    invoiceNumbers: bundle.invoiceNumbers.join(", "),
    orderDate: berlinDay(order.createdAt),
    status: translate(locale, `orderExport.status.${order.status}`),
    paymentStatus: translate(locale, `orderExport.paymentStatus.${adminPaymentStatus(money, order.totalCents)}`),
    customerName: text(`${order.firstName} ${order.lastName}`.trim()),
    email: text(order.email),
    billingAddress: text(addressLine(bundle.addresses, "billing")),
    shippingAddress: text(addressLine(bundle.addresses, "shipping")),
  };
  const first = {
    shipping: amount(order.shippingCents),
    orderTotal: amount(order.totalCents),
    refunded: amount(money.refundedCents),
    discountCode: text(order.discountCode),
  };
  const none = { shipping: "", orderTotal: "", refunded: "", discountCode: "" };
  if (bundle.items.length === 0) {
    return [
      {
        ...orderFields,
        article: "",
        variant: "",
        colour: "",
        quantity: "",
        unitGross: "",
        discount: "",
        net: "",
        vatRate: "",
        vat: "",
        gross: "",
        ...first,
      },
    ];
  }
  return bundle.items.map((item, index) => {
    const rate = Number(item.vatPercent);
    const gross = item.totalCents - item.discountCents;
    const vat = vatInGross(gross, rate);
    return {
      ...orderFields,
      article: text(item.articleName),
      variant: text(item.variantName),
      colour: text(item.colour && /#[0-9a-f]{3}/i.test(item.colour) ? describeColour(item.colour, locale) : item.colour),
      quantity: String(item.quantity),
      unitGross: amount(item.unitPriceCents),
      discount: amount(-item.discountCents),
      net: amount(gross - vat),
      vatRate: String(rate).replace(".", decimal),
      vat: amount(vat),
      gross: amount(gross),
      ...(index === 0 ? first : none),
    };
  });
}

interface Cursor {
  createdAt: string;
  id: string;
}

async function nextPage(query: AdminOrdersExportQuery, cursor: Cursor | null): Promise<{ rows: Order[]; cursor: Cursor | null }> {
  const db = await getDb();
  const page = await db
    .select({ order: orders, createdAtText: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(
      and(
        orderFilterWhere(query),
        cursor ? sql`(${orders.createdAt}, ${orders.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(EXPORT_PAGE_SIZE);
  const last = page[page.length - 1];
  return { rows: page.map((p) => p.order), cursor: last ? { createdAt: last.createdAtText, id: last.order.id } : null };
}

/** ASCII only, so the name needs no encoding in the header. */
const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32)
    .replace(/-+$/, "");

export function exportFilename(
  query: Pick<AdminOrdersExportQuery, "from" | "to" | "status" | "attention" | "q">,
  now = new Date(),
): string {
  const parts = [query.status === "all" ? "" : query.status, query.attention ?? "", query.q ? slug(query.q) : ""];
  return ["orders", ...parts.filter(Boolean), query.from ?? "all", query.to ?? berlinDay(now)].join("-") + ".csv";
}

export async function exportOrdersCsv(
  query: AdminOrdersExportQuery,
  locale: Locale,
  audit: AuditContext,
): Promise<{ filename: string; stream: ReadableStream<Uint8Array> }> {
  const { q, ...filter } = query;
  await recordAudit(await getDb(), { ...audit, action: "orders_exported", details: { ...filter, search: q !== undefined } });
  const dialect = DIALECTS[exportFormat(query.format, locale)];
  const options = csvOptions(dialect);
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          const header = COLUMNS.map((c) => translate(locale, `orderExport.columns.${c}`));
          controller.enqueue(encoder.encode(`\uFEFF${stringify([header], options)}`));
          return;
        }
        const page = await nextPage(query, cursor);
        if (page.rows.length > 0) {
          const bundles = await loadExportBundles(page.rows);
          const records = bundles.flatMap((b) => rowsOf(b, locale, dialect.decimal)).map((r) => COLUMNS.map((c) => r[c]));
          controller.enqueue(encoder.encode(stringify(records, options)));
        }
        cursor = page.cursor;
        if (page.rows.length < EXPORT_PAGE_SIZE) controller.close();
      } catch (err) {
        logger.error("order export failed", { err });
        controller.error(err);
      }
    },
  });
  return { filename: exportFilename(query), stream };
}
