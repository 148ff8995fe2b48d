import { afterEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orderEvents, outgoingMail, payments, sellerSettings } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { Dashboard } from "@/lib/schemas/dashboard";
import type { SellerSettingsDto } from "@/lib/schemas/seller-settings";
import { loadSeller } from "@/lib/services/seller-settings";
import { runScheduledJobs } from "@/lib/services/scheduled-jobs";
import * as settingsRoute from "@/app/api/admin/settings/route";
import * as dashboardRoute from "@/app/api/admin/dashboard/route";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { SELLER, content, download, invoiceOf, invoicesOf, pdfText, paidOrder, setupInvoiceFixtures } from "../helpers/invoices";

setupInvoiceFixtures();

const FULL = {
  name: "Tassenwerk GmbH",
  street: "Hafenstraße 7",
  postalCode: "28195",
  city: "Bremen",
  country: "Deutschland",
  email: "rechnung@tassenwerk.example",
  phone: "+49 421 123456",
  vatId: "de 987 654 321",
  taxNumber: null,
  representative: "Erika Muster",
  register: "Amtsgericht Bremen, HRB 4711",
  bankName: "Sparkasse Bremen",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "SBREDE22",
};

type ErrorBody = { message: string; errors: Record<string, string> };

const getSettings = async () => call<SellerSettingsDto>(settingsRoute.GET, { path: "/api/admin/settings", cookie: await loginAs("admin") });
const putSettings = async (body: unknown) =>
  call<SellerSettingsDto & ErrorBody>(settingsRoute.PUT, {
    method: "PUT",
    path: "/api/admin/settings",
    body,
    cookie: await loginAs("admin"),
  });

async function needsAction(kind: string) {
  const res = await call<Dashboard>(dashboardRoute.GET, { path: "/api/admin/dashboard", cookie: await loginAs("admin") });
  return res.body.needsAction.find((n) => n.kind === kind);
}

/** A shop as a fresh production install: no SELLER_* variables, no saved settings. */
async function freshProductionShop() {
  for (const key of Object.keys(SELLER)) delete process.env[key];
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.PAYMENTS_SANDBOX = "true";
  resetEnvCache();
  await (await getDb()).delete(sellerSettings);
}

afterEach(() => {
  (process.env as Record<string, string>).NODE_ENV = "test";
  delete process.env.PAYMENTS_SANDBOX;
  delete process.env.SHOP_DEMO;
  Object.assign(process.env, SELLER);
  resetEnvCache();
});

describe("access matrix for /api/admin/settings", () => {
  const cases: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  for (const { role, status } of cases) {
    it(`GET and PUT – ${role} → ${status}`, async () => {
      const cookie = await cookieFor(role);
      expect((await call(settingsRoute.GET, { cookie })).status).toBe(status);
      const before = (await getSettings()).body.values;
      expect((await call(settingsRoute.PUT, { method: "PUT", body: before, cookie })).status).toBe(status);
    });
  }
});

describe("the seller's settings", () => {
  it("before saving, the SELLER_* variables are the values; once saved, the stored ones win", async () => {
    await (await getDb()).delete(sellerSettings);
    const before = (await getSettings()).body;
    expect(before).toMatchObject({ source: "environment", missing: [], updatedAt: null });
    expect(before.values).toMatchObject({ name: SELLER.SELLER_NAME, city: SELLER.SELLER_CITY, vatId: SELLER.SELLER_VAT_ID });

    const saved = await putSettings(FULL);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ source: "saved", missing: [], issued: 0 });
    // Spaces people type are dropped, letters upper case.
    expect(saved.body.values).toMatchObject({ name: FULL.name, vatId: "DE987654321", iban: "DE89370400440532013000", taxNumber: null });
    expect((await getSettings()).body.values.name).toBe(FULL.name);
    // The variable still says otherwise: the saved row wins.
    expect(process.env.SELLER_NAME).toBe(SELLER.SELLER_NAME);
    expect((await loadSeller()).name).toEqual({ value: FULL.name, missing: false });

    const orderId = await paidOrder();
    const invoice = await invoiceOf(orderId);
    expect(content(invoice).seller).toMatchObject({ name: FULL.name, city: "Bremen", vatId: "DE987654321", complete: true });
    expect(content(invoice).seller.bank).toEqual({ name: FULL.bankName, iban: "DE89370400440532013000", bic: "SBREDE22" });
    const text = pdfText((await download(orderId, "customer")).bytes);
    expect(text).toContain(FULL.name);
    expect(text).toContain("Erika Muster");
    expect(text).toContain("IBAN DE89370400440532013000");
  });

  it.each([
    ["email", { email: "no-mail" }, "Invalid email format"],
    ["vatId", { vatId: "123" }, "Enter a VAT ID like DE123456789."],
    ["iban", { iban: "DE12" }, "Enter an IBAN like DE89 3704 0044 0532 0130 00."],
    ["bic", { bic: "ABC" }, "Enter a BIC of 8 or 11 characters."],
    ["name", { name: "x".repeat(256) }, "Text is too long"],
    ["street", { street: "Line\nbreak" }, undefined],
  ])("a bad %s answers 422 with the field's message and stores nothing", async (field, bad, message) => {
    await putSettings(FULL);
    const res = await putSettings({ ...FULL, ...bad });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Validation failed");
    expect(res.body.errors[field]).toEqual(message ?? expect.any(String));
    expect((await getSettings()).body.values.name).toBe(FULL.name);
  });

  it("a body that is not an object answers 422", async () => {
    expect((await putSettings([1, 2])).status).toBe(422);
  });
});

describe("a production shop without the seller's data", () => {
  it("without production, a fresh shop still issues (with placeholders), as demos and tests need", async () => {
    for (const key of Object.keys(SELLER)) delete process.env[key];
    resetEnvCache();
    await (await getDb()).delete(sellerSettings);
    const orderId = await paidOrder();
    const invoice = await invoiceOf(orderId);
    expect(content(invoice).seller).toMatchObject({ name: "[SELLER_NAME not set]", complete: false });
  });

  it("the demo (SHOP_DEMO) keeps issuing even in production", async () => {
    await freshProductionShop();
    process.env.SHOP_DEMO = "true";
    resetEnvCache();
    const orderId = await paidOrder();
    expect(await invoicesOf(orderId)).toHaveLength(1);
  });

  it("holds the invoice (payment booked, needs action), and saving the data issues and mails it", async () => {
    await freshProductionShop();
    const orderId = await paidOrder();
    const db = await getDb();
    expect(await invoicesOf(orderId)).toHaveLength(0);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe("succeeded");
    const waitingEvents = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "invoice_waiting")));
    expect(waitingEvents).toHaveLength(1);
    expect(waitingEvents[0]?.data).toMatchObject({ missing: ["name", "street", "postalCode", "city", "vatId"] });
    // The confirmation still goes out, without an invoice to attach.
    const receipts = () =>
      db
        .select()
        .from(outgoingMail)
        .where(and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, "receipt")));
    const invoicesAttached = (m: { attachments: { type: string }[] | null }) => (m.attachments ?? []).filter((a) => a.type === "invoice");
    expect((await receipts()).map(invoicesAttached)).toEqual([[]]);

    const settings = (await getSettings()).body;
    expect(settings.missing).toEqual(["name", "street", "postalCode", "city", "vatId"]);
    expect(settings.waitingInvoices).toBeGreaterThanOrEqual(1);
    expect(await needsAction("invoicesWaiting")).toMatchObject({
      href: "/admin/settings",
      orders: expect.arrayContaining([{ id: orderId, orderNumber: expect.any(String) }]),
    });

    // Half the data: still waiting, nothing issued.
    const partial = await putSettings({ name: FULL.name, country: "Deutschland" });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ issued: 0, missing: ["street", "postalCode", "city", "vatId"] });
    expect(await invoicesOf(orderId)).toHaveLength(0);

    const saved = await putSettings(FULL);
    expect(saved.body.issued).toBeGreaterThanOrEqual(1);
    expect(saved.body).toMatchObject({ missing: [], waitingInvoices: 0 });
    const invoice = await invoiceOf(orderId);
    expect(content(invoice).seller).toMatchObject({ name: FULL.name, street: FULL.street, vatId: "DE987654321", complete: true });
    const mails = await receipts();
    expect(mails).toHaveLength(2);
    expect(mails[1] && invoicesAttached(mails[1])).toEqual([{ type: "invoice", invoiceId: invoice.id }]);
    expect(mails[1]?.text).toContain(invoice.number);
    expect(await needsAction("invoicesWaiting")).toMatchObject({ count: 0 });

    // Saving again issues nothing twice.
    expect((await putSettings(FULL)).body.issued).toBe(0);
    expect(await invoicesOf(orderId)).toHaveLength(1);
  });

  it("the scheduled jobs issue it once the data came through the variables", async () => {
    await freshProductionShop();
    const orderId = await paidOrder();
    expect(await invoicesOf(orderId)).toHaveLength(0);
    process.env.CRON_SECRET = "a-cron-secret-of-some-length";
    resetEnvCache();
    expect((await runScheduledJobs("Bearer a-cron-secret-of-some-length")).issuedInvoices).toBe(0);
    Object.assign(process.env, SELLER);
    resetEnvCache();
    expect((await runScheduledJobs("Bearer a-cron-secret-of-some-length")).issuedInvoices).toBe(1);
    const invoice = await invoiceOf(orderId);
    expect(content(invoice).seller).toMatchObject({ name: SELLER.SELLER_NAME, complete: true });
    delete process.env.CRON_SECRET;
  });
});
