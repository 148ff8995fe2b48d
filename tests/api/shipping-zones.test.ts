import { beforeEach, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLog, orders, shippingZones } from "@/db/schema";
import { invalidateCatalog } from "@/lib/services/catalog-cache";
import { COUNTRIES } from "@/db/seed-data";
import type { CartSummaryDto } from "@/lib/schemas/cart";
import type { ShippingSettingsDto, ShippingSettingsInput } from "@/lib/schemas/shipping";
import { DEFAULT_SHIPPING_ZONES } from "@/lib/domain/shipping";
import { OTHER_EU_COUNTRIES } from "@/lib/domain/destination-tax";
import * as shippingRoute from "@/app/api/admin/settings/shipping/route";
import * as summaryRoute from "@/app/api/user/cart/summary/route";
import { call, loginAs } from "../helpers/api";
import { countries } from "../helpers/catalog";
import { applyCode, makeCode } from "../helpers/discounts";
import {
  card,
  CARDS,
  checkoutBody,
  fillCart,
  newCustomer,
  paySandbox,
  placeOrder,
  setupOrderFixtures,
  type ErrorBody,
} from "../helpers/orders";
import { content, invoiceOf } from "../helpers/invoices";

setupOrderFixtures();

type Zones = ShippingSettingsInput["zones"];
type Buyer = Awaited<ReturnType<typeof newCustomer>>;

const getSettings = async () =>
  call<ShippingSettingsDto & ErrorBody>(shippingRoute.GET, { path: "/api/admin/settings/shipping", cookie: await loginAs("admin") });
const putSettings = async (body: unknown, lang = "en") =>
  call<ShippingSettingsDto & ErrorBody>(shippingRoute.PUT, {
    method: "PUT",
    path: "/api/admin/settings/shipping",
    body,
    headers: { "accept-language": lang },
    cookie: await loginAs("admin"),
  });
const putZones = (zones: Zones) => putSettings({ zones });
const summary = async (buyer: Buyer, country?: string, lang = "en") =>
  call<CartSummaryDto & ErrorBody>(summaryRoute.GET, {
    path: `/api/user/cart/summary${country === undefined ? "" : `?country=${encodeURIComponent(country)}`}`,
    headers: { "accept-language": lang },
    cookie: buyer.cookie,
  });
const shipTo = (countryCode: string) =>
  checkoutBody({
    shippingAddress: {
      firstName: "Anna",
      lastName: "Muster",
      street1: "Ring 1",
      street2: null,
      city: "Wien",
      postalCode: "1010",
      countryCode,
    },
  });

/** The defaults with 2 € per extra piece in the EU, and no United States. */
const CUSTOM: Zones = [
  { name: "Deutschland", countries: ["DE"], priceCents: 490, extraItemCents: 0, freeFromCents: 5000 },
  { name: "EU", countries: [...OTHER_EU_COUNTRIES], priceCents: 990, extraItemCents: 200, freeFromCents: null },
  { name: "Schweiz, UK", countries: ["CH", "GB"], priceCents: 1990, extraItemCents: 0, freeFromCents: null },
];
const DEFAULTS: Zones = DEFAULT_SHIPPING_ZONES.map((z) => ({ ...z, countries: [...z.countries] }));

async function buyerWith(quantity: number): Promise<Buyer> {
  const buyer = await newCustomer("ship");
  await fillCart(buyer, buyer.id, quantity);
  return buyer;
}

beforeEach(async () => {
  expect((await putZones(DEFAULTS)).status).toBe(200);
});

describe("GET/PUT /api/admin/settings/shipping", () => {
  it("with no zone saved (a fresh or upgraded shop) the defaults apply and are reported as such", async () => {
    await (await getDb()).delete(shippingZones);
    invalidateCatalog();
    const res = await getSettings();
    expect(res.body).toMatchObject({ source: "default", updatedAt: null });
    expect(res.body.zones.map((z) => [z.name, z.priceCents])).toEqual(DEFAULTS.map((z) => [z.name, z.priceCents]));
    expect((await countries()).body).toHaveLength(COUNTRIES.length);
    const buyer = await buyerWith(1);
    expect((await summary(buyer, "CH")).body).toMatchObject({ shippingCents: 1990 });
  });

  it("a shop starts with Germany, the rest of the EU and Switzerland + UK + US", async () => {
    const res = await getSettings();
    expect(res.status).toBe(200);
    expect(res.body.zones).toEqual([
      { name: "Deutschland", countries: ["DE"], priceCents: 490, extraItemCents: 0, freeFromCents: 5000 },
      {
        name: "EU",
        countries: [...OTHER_EU_COUNTRIES].sort(),
        priceCents: 990,
        extraItemCents: 0,
        freeFromCents: null,
      },
      { name: "Schweiz, UK, USA", countries: ["CH", "GB", "US"], priceCents: 1990, extraItemCents: 0, freeFromCents: null },
    ]);
    expect(res.body.zones.flatMap((z) => z.countries)).toHaveLength(COUNTRIES.length);
  });

  it("saves the zones in order, answers them and writes the audit log", async () => {
    const res = await putZones(CUSTOM);
    expect(res.status).toBe(200);
    expect(res.body.source).toBe("saved");
    expect(res.body.zones.map((z) => [z.name, z.countries.length, z.extraItemCents])).toEqual([
      ["Deutschland", 1, 0],
      ["EU", 26, 200],
      ["Schweiz, UK", 2, 0],
    ]);
    expect((await getSettings()).body.zones).toEqual(res.body.zones);
    const [entry] = await (await getDb()).select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "settings_changed", targetType: "shipping_settings", details: { zones: 3, countries: 29 } });
  });

  const zone = (over: Record<string, unknown> = {}) => ({
    name: "Z",
    countries: ["DE"],
    priceCents: 490,
    extraItemCents: 0,
    freeFromCents: null,
    ...over,
  });
  it.each<[string, unknown, Record<string, string>]>([
    ["no zone", { zones: [] }, { zones: "Add at least one shipping zone" }],
    ["no body", {}, { zones: "Add at least one shipping zone" }],
    ["an empty name", { zones: [zone({ name: " " })] }, { "zones.0.name": "Enter a name for the zone" }],
    ["a name of 61 characters", { zones: [zone({ name: "x".repeat(61) })] }, { "zones.0.name": "Use at most 60 characters" }],
    [
      "the same name twice (any case)",
      { zones: [zone(), zone({ name: "z", countries: ["AT"] })] },
      { "zones.1.name": "Another zone already has this name" },
    ],
    ["a zone without countries", { zones: [zone({ countries: [] })] }, { "zones.0.countries": "Pick at least one country" }],
    [
      "a country in two zones",
      { zones: [zone(), zone({ name: "Y", countries: ["AT", "DE"] })] },
      { "zones.1.countries.1": "This country is already in another zone" },
    ],
    ["no country code", { zones: [zone({ countries: ["Deutschland"] })] }, { "zones.0.countries.0": "Not a country code" }],
    ["a negative price", { zones: [zone({ priceCents: -1 })] }, { "zones.0.priceCents": "Enter an amount from 0 to 100,000 €" }],
    [
      "a fraction of a cent",
      { zones: [zone({ extraItemCents: 0.5 })] },
      { "zones.0.extraItemCents": "Enter an amount from 0 to 100,000 €" },
    ],
    [
      "a threshold above the maximum",
      { zones: [zone({ freeFromCents: 10_000_001 })] },
      { "zones.0.freeFromCents": "Enter an amount from 0 to 100,000 €" },
    ],
    ["a price as text", { zones: [zone({ priceCents: "490" })] }, { "zones.0.priceCents": "Enter an amount from 0 to 100,000 €" }],
  ])("%s → 422 with the field", async (_title, body, errors) => {
    const before = (await getSettings()).body.zones;
    const res = await putSettings(body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject(errors);
    expect((await getSettings()).body.zones).toEqual(before);
  });

  it("a country the shop does not know → 422 on that country, in German too", async () => {
    const res = await putSettings({ zones: [zone({ countries: ["DE", "XK"] })] }, "de");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "zones.0.countries.1": "Dieses Land kennt der Shop nicht" });
  });
});

describe("GET /api/user/cart/summary?country= prices shipping for the destination", () => {
  it("Germany below the threshold: 4.90 € and its VAT; without a country the home country", async () => {
    const buyer = await buyerWith(1);
    const expected = { country: "DE", subtotalCents: 1499, shippingCents: 490, taxCents: 239 + 78, totalCents: 1989 };
    const de = await summary(buyer, "DE");
    expect(de.status).toBe(200);
    expect(de.body).toMatchObject(expected);
    expect((await summary(buyer)).body).toMatchObject(expected);
    expect((await summary(buyer, "de")).body).toMatchObject(expected);
  });

  it("Germany from 50 €: free", async () => {
    const buyer = await buyerWith(4);
    expect((await summary(buyer, "DE")).body).toMatchObject({ subtotalCents: 5996, shippingCents: 0, taxCents: 957, totalCents: 5996 });
  });

  it("Austria, 2 pieces: the EU price plus one extra piece, no free threshold", async () => {
    await putZones(CUSTOM);
    const buyer = await buyerWith(2);
    // 2998 at 19 % → 479; shipping 990 + 200 = 1190 at 19 % → 190.
    expect((await summary(buyer, "AT")).body).toMatchObject({
      country: "AT",
      subtotalCents: 2998,
      shippingCents: 1190,
      taxCents: 669,
      totalCents: 4188,
    });
    const five = await buyerWith(5);
    expect((await summary(five, "AT")).body).toMatchObject({ subtotalCents: 7495, shippingCents: 990 + 4 * 200 });
  });

  it("United States: 19.90 €, a tax-free export (net mug price, no VAT)", async () => {
    const buyer = await buyerWith(1);
    expect((await summary(buyer, "US")).body).toMatchObject({ shippingCents: 1990, taxCents: 0, totalCents: 1260 + 1990 });
  });

  it("a country outside every zone or unknown → 422 naming the country, in both languages", async () => {
    await putZones(CUSTOM);
    const buyer = await buyerWith(1);
    const en = await summary(buyer, "US");
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({
      message: "We do not ship to this country. Please choose another delivery country.",
      errors: { country: "We do not deliver to this country" },
    });
    const de = await summary(buyer, "US", "de");
    expect(de.body).toMatchObject({
      message: "In dieses Land liefern wir nicht. Bitte wähle ein anderes Lieferland.",
      errors: { country: "In dieses Land liefern wir nicht" },
    });
    expect((await summary(buyer, "XK")).status).toBe(422);
    const malformed = await summary(buyer, "USA");
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ country: "Not a country code" });
  });

  it("a discount code: shipping of the zone on the discounted goods; free shipping looks at the goods after it", async () => {
    await putZones(CUSTOM);
    const code = await makeCode({ kind: "percent", percent: 10 });
    const at = await buyerWith(2);
    expect((await applyCode(code.code, at)).status).toBe(200);
    // 2998 − 300 = 2698 at 19 % → 431; shipping 1190 → 190.
    expect((await summary(at, "AT")).body).toMatchObject({ discountCents: 300, shippingCents: 1190, taxCents: 621, totalCents: 3888 });

    const twenty = await makeCode({ kind: "percent", percent: 20 });
    const de = await buyerWith(4);
    expect((await applyCode(twenty.code, de)).status).toBe(200);
    expect((await summary(de, "DE")).body).toMatchObject({ discountCents: 1199, shippingCents: 490, taxCents: 766 + 78, totalCents: 5287 });
    const placed = await placeOrder(checkoutBody(), de);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ discountCents: 1199, shippingCents: 490, totalCents: 5287 });
  });
});

describe("POST /api/user/orders charges the destination's shipping and refuses other countries", () => {
  it("an order to Austria stores the shipping it was priced with; the invoice uses it after the zones changed", async () => {
    await putZones(CUSTOM);
    const buyer = await buyerWith(2);
    const placed = await placeOrder(shipTo("AT"), buyer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ shippingCents: 1190, taxCents: 669, totalCents: 4188 });

    await putZones(DEFAULTS);
    const orderId = placed.body.order.id;
    expect((await paySandbox(orderId, card(CARDS.ok), buyer)).body.status).toBe("succeeded");
    const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, orderId));
    expect(row?.shippingCents).toBe(1190);
    const shippingLine = content(await invoiceOf(orderId)).lines.find((l) => l.grossCents === 1190);
    expect(shippingLine).toBeDefined();
  });

  it("Germany keeps 4.90 €", async () => {
    const buyer = await buyerWith(1);
    const placed = await placeOrder(checkoutBody(), buyer);
    expect(placed.body.order).toMatchObject({ shippingCents: 490, totalCents: 1989 });
  });

  it("a country outside every zone → 422 on shippingAddress.countryCode, nothing placed; German message", async () => {
    await putZones(CUSTOM);
    const buyer = await buyerWith(1);
    const res = await placeOrder(shipTo("US"), buyer);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      message: "We do not ship to this country. Please choose another delivery country.",
      errors: { "shippingAddress.countryCode": "We do not deliver to this country" },
    });
    const de = await placeOrder(shipTo("US"), buyer, "de");
    expect((de.body as unknown as ErrorBody).errors).toEqual({ "shippingAddress.countryCode": "In dieses Land liefern wir nicht" });
    expect(await (await getDb()).select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    // The bill may still go to the United States.
    const billed = await placeOrder(checkoutBody({ billingAddress: { ...(shipTo("US").shippingAddress as object) } }), buyer);
    expect(billed.status).toBe(201);
  });
});

describe("GET /api/countries follows the zones", () => {
  it("lists exactly the countries of the zones, at once after a save", async () => {
    expect((await countries()).body.map((c) => c.code).sort()).toEqual(COUNTRIES.map((c) => c.code).sort());
    await putZones(CUSTOM);
    const after = (await countries()).body.map((c) => c.code);
    expect(after).not.toContain("US");
    expect(after.sort()).toEqual(CUSTOM.flatMap((z) => z.countries).sort());
    await putZones([{ name: "Nur DE", countries: ["DE"], priceCents: 0 }]);
    expect((await countries()).body.map((c) => c.code)).toEqual(["DE"]);
  });
});
