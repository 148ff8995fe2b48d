import { afterEach, describe, expect, it } from "vitest";
import { asc, eq, like } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orderItems, orders, outgoingMail } from "@/db/schema";
import { vatInGross } from "@/lib/domain/pricing";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import type { CartSummaryDto } from "@/lib/schemas/cart";
import type { OrderDto } from "@/lib/schemas/orders";
import * as adminOrderRoute from "@/app/api/admin/orders/[orderId]/route";
import * as summaryRoute from "@/app/api/user/cart/summary/route";
import { call, cookieFor } from "../helpers/api";
import { applyCode, makeCode } from "../helpers/discounts";
import { card, CARDS, fillCart, MUG_PRICE, newCustomer, paySandbox, placeOrder } from "../helpers/orders";
import { content, creditNote, download, invoiceOf, orderBody, pdfText, refundRow, setupInvoiceFixtures } from "../helpers/invoices";
import { setOss } from "../helpers/tax";

setupInvoiceFixtures();

const EXEMPTION_DE = "Steuerfreie Ausfuhrlieferung gemäß § 4 Nr. 1 Buchst. a i. V. m. § 6 UStG";
const EXEMPTION_EN = "Tax-free export delivery (Section 4 No. 1(a) in conjunction with Section 6 German VAT Act)";
const RECEIPT_DE = "Bei der Zustellung können Zoll und Einfuhrumsatzsteuer anfallen.";
const RECEIPT_EN = "Import duties and import VAT may be charged on delivery.";

type Buyer = Awaited<ReturnType<typeof newCustomer>>;

afterEach(() => setOss(false));

const address = (countryCode: string) => ({
  firstName: "Anna",
  lastName: "Muster",
  street1: "Bahnhofstrasse 1",
  street2: null,
  city: "Zürich",
  postalCode: "8001",
  countryCode,
});

async function buyerWith(quantity: number): Promise<Buyer> {
  const buyer = await newCustomer("vat");
  await fillCart({ cookie: buyer.cookie }, buyer.id, quantity);
  return buyer;
}

async function orderTo(buyer: Buyer, countryCode: string, lang: "de" | "en" = "en"): Promise<OrderDto> {
  const res = await placeOrder(orderBody({ shippingAddress: address(countryCode) }), { cookie: buyer.cookie }, lang);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order;
}

async function paid(buyer: Buyer, order: OrderDto, lang: "de" | "en" = "en") {
  const res = await paySandbox(order.id, card(CARDS.ok), { cookie: buyer.cookie }, lang);
  expect(res.body.status, JSON.stringify(res.body)).toBe("succeeded");
}

const summary = (buyer: Buyer, country: string) =>
  call<CartSummaryDto>(summaryRoute.GET, { path: `/api/user/cart/summary?country=${country}`, cookie: buyer.cookie });

async function adminOrder(orderId: string): Promise<AdminOrderDetail> {
  const res = await call<AdminOrderDetail>(adminOrderRoute.GET, {
    path: `/api/admin/orders/${orderId}`,
    params: { orderId },
    cookie: await cookieFor("admin"),
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function storedItems(orderId: string) {
  return (await getDb()).select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** The tax lines add up to the order: their tax to taxCents, net + tax to totalCents. */
function expectBalanced(o: Pick<OrderDto, "taxLines" | "taxCents" | "totalCents">) {
  expect(o.taxLines.reduce((s, l) => s + l.taxCents, 0)).toBe(o.taxCents);
  expect(o.taxLines.reduce((s, l) => s + l.netCents + l.taxCents, 0)).toBe(o.totalCents);
}

describe("VAT by destination: Germany", () => {
  it("one mug: 19 % on goods and shipping, as always", async () => {
    expect(MUG_PRICE).toBe(1499);
    const order = await orderTo(await buyerWith(1), "DE");
    const tax = vatInGross(1499, 19) + vatInGross(490, 19);
    expect(order).toMatchObject({ subtotalCents: 1499, shippingCents: 490, taxCents: tax, totalCents: 1989, taxTreatment: "domestic" });
    expect(order.taxLines).toEqual([{ ratePercent: 19, netCents: 1989 - tax, taxCents: tax }]);
    expectBalanced(order);
  });
});

describe("VAT by destination: export (Switzerland)", () => {
  it("the cart summary answers the net price and no tax", async () => {
    const buyer = await buyerWith(1);
    expect((await summary(buyer, "CH")).body).toMatchObject({
      country: "CH",
      taxTreatment: "export",
      subtotalCents: 1260,
      shippingCents: 1990,
      taxCents: 0,
      totalCents: 3250,
    });
    expect((await summary(buyer, "CH")).body.lines).toMatchObject([{ unitPriceCents: 1260, lineTotalCents: 1260 }]);
    expect((await summary(buyer, "DE")).body).toMatchObject({ taxTreatment: "domestic", taxCents: 239 + 78, totalCents: 1989 });
    expect((await summary(buyer, "DE")).body.lines).toMatchObject([{ unitPriceCents: 1499, lineTotalCents: 1499 }]);
  });

  it("one mug: net unit price, shipping without VAT, taxCents 0; the items keep what was charged", async () => {
    const buyer = await buyerWith(1);
    const order = await orderTo(buyer, "CH");
    expect(order).toMatchObject({ subtotalCents: 1260, shippingCents: 1990, taxCents: 0, totalCents: 3250, taxTreatment: "export" });
    expect(order.items.map((i) => [i.unitPriceCents, i.quantity, i.totalCents])).toEqual([[1260, 1, 1260]]);
    expect(order.taxLines).toEqual([{ ratePercent: 0, netCents: 3250, taxCents: 0 }]);
    expectBalanced(order);
    expect((await storedItems(order.id)).map((i) => [i.unitPriceCents, i.vatPercent])).toEqual([[1260, 0]]);
    const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ taxTreatment: "export", shippingVatPercent: 0 });
    const admin = await adminOrder(order.id);
    expect(admin).toMatchObject({ taxTreatment: "export", taxCents: 0, taxLines: order.taxLines });
    expect(admin.items.map((i) => i.vatPercent)).toEqual([0]);
  });

  it("two pieces and a 10 % code: the discount applies to the net prices", async () => {
    const buyer = await buyerWith(2);
    const code = await makeCode({ percent: 10 });
    expect((await applyCode(code.code, { cookie: buyer.cookie })).status).toBe(200);
    expect((await summary(buyer, "CH")).body).toMatchObject({ subtotalCents: 2520, discountCents: 252, taxCents: 0, totalCents: 4258 });
    const order = await orderTo(buyer, "CH");
    expect(order).toMatchObject({ subtotalCents: 2520, discountCents: 252, shippingCents: 1990, taxCents: 0, totalCents: 4258 });
    expect(order.items.map((i) => [i.unitPriceCents, i.quantity, i.totalCents, i.discountCents])).toEqual([[1260, 2, 2520, 252]]);
    expect(order.taxLines).toEqual([{ ratePercent: 0, netCents: 4258, taxCents: 0 }]);
  });

  it("a code's minimum order counts the net prices an export pays", async () => {
    const buyer = await buyerWith(1);
    const code = await makeCode({ percent: 10, minOrderCents: 1400 });
    expect((await applyCode(code.code, { cookie: buyer.cookie })).status).toBe(200);
    expect((await summary(buyer, "DE")).body).toMatchObject({ discountCents: 150, discount: { applied: true } });
    expect((await summary(buyer, "CH")).body).toMatchObject({
      discountCents: 0,
      discount: { applied: false, reason: "belowMinimum" },
      totalCents: 3250,
    });
  });

  it("the invoice charges no VAT and states the exemption, in German and in English", async () => {
    for (const lang of ["de", "en"] as const) {
      const buyer = await buyerWith(1);
      const order = await orderTo(buyer, "CH", lang);
      await paid(buyer, order, lang);
      const invoice = await invoiceOf(order.id);
      expect(invoice).toMatchObject({ grossCents: 3250, taxCents: 0, netCents: 3250 });
      const c = content(invoice);
      expect(c.vatTotals).toEqual([{ vatPercent: 0, netCents: 3250, vatCents: 0, grossCents: 3250 }]);
      const note = lang === "de" ? EXEMPTION_DE : EXEMPTION_EN;
      expect(c.taxNote).toBe(note);
      const file = await download(order.id, "admin", invoice.id, true);
      expect(file.status).toBe(200);
      expect(pdfText(file.bytes)).toContain(note);
      const [mail] = await (
        await getDb()
      )
        .select()
        .from(outgoingMail)
        .where(like(outgoingMail.subject, `%${order.orderNumber}%`));
      expect(mail?.text).toContain(lang === "de" ? RECEIPT_DE : RECEIPT_EN);
      expect(mail?.html).toContain(lang === "de" ? RECEIPT_DE : RECEIPT_EN);
    }
  });
});

describe("VAT by destination: EU consumer (Austria)", () => {
  it("OSS off: German 19 % on the gross price", async () => {
    const order = await orderTo(await buyerWith(1), "AT");
    const tax = vatInGross(1499, 19) + vatInGross(990, 19);
    expect(order).toMatchObject({ subtotalCents: 1499, shippingCents: 990, taxCents: tax, totalCents: 2489, taxTreatment: "domestic" });
    expect(order.taxLines).toEqual([{ ratePercent: 19, netCents: 2489 - tax, taxCents: tax }]);
  });

  it("OSS on: the same gross price, 20 % on the line and on shipping; invoice and partial credit note at 20 %", async () => {
    await setOss(true);
    const buyer = await buyerWith(1);
    expect((await summary(buyer, "AT")).body).toMatchObject({ taxTreatment: "oss", taxCents: 415, totalCents: 2489 });
    const order = await orderTo(buyer, "AT", "de");
    expect(vatInGross(1499, 20)).toBe(250);
    expect(vatInGross(990, 20)).toBe(165);
    expect(order).toMatchObject({ subtotalCents: 1499, shippingCents: 990, taxCents: 415, totalCents: 2489, taxTreatment: "oss" });
    expect(order.taxLines).toEqual([{ ratePercent: 20, netCents: 2074, taxCents: 415 }]);
    expectBalanced(order);
    expect((await storedItems(order.id)).map((i) => [i.unitPriceCents, i.vatPercent])).toEqual([[1499, 20]]);
    expect((await adminOrder(order.id)).taxLines).toEqual(order.taxLines);

    await paid(buyer, order, "de");
    const invoice = await invoiceOf(order.id);
    expect(invoice).toMatchObject({ grossCents: 2489, taxCents: 415, netCents: 2074 });
    const c = content(invoice);
    expect(c.lines.map((l) => [l.kind, l.vatPercent, l.vatCents])).toEqual([
      ["item", 20, 250],
      ["shipping", 20, 165],
    ]);
    expect(c.taxNote).toContain("Umsatzsteuer Österreich 20 %");
    expect(pdfText((await download(order.id, "admin", invoice.id, true)).bytes)).toContain("Umsatzsteuer Österreich 20 %");

    const refundId = await refundRow(order.id, 1000);
    const note = await creditNote(order.id, refundId, 1000);
    expect(note).toMatchObject({ grossCents: 1000, taxCents: vatInGross(1000, 20), netCents: 1000 - vatInGross(1000, 20) });
    expect(content(note).vatTotals.map((v) => v.vatPercent)).toEqual([20]);
    expect(content(note).taxNote).toBe(c.taxNote);
  });
});
