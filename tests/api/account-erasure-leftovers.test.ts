import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as addressRoute from "@/app/api/admin/orders/[orderId]/shipping-address/route";
import * as accountRoute from "@/app/api/user/account/route";
import { getDb } from "@/db/client";
import { invoices, orderEvents, outgoingMail } from "@/db/schema";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { resetEnvCache } from "@/lib/env";
import { resetStorage } from "@/lib/integrations/storage";
import { call, cookieFor } from "../helpers/api";
import { card, CARDS, getReceipt, newCustomer, paySandbox, placedOrder, type Who } from "../helpers/orders";
import { tempDir } from "../helpers/test-db";

/** What an erasure must not leave behind of the erased account's orders: timeline addresses, receipt files, mail copies. */

let dataDir: string;

beforeAll(() => {
  dataDir = tempDir("shop-test-erasure-leftovers-");
  process.env.DATA_DIR = dataDir;
  process.env.STORAGE_DIR = path.join(dataDir, "storage");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetStorage();
  resetEnvCache();
});

const CORRECTED = {
  firstName: "Anna",
  lastName: "Muster",
  street1: "Geheimweg 13",
  street2: null,
  city: "Hamburg",
  postalCode: "20095",
  countryCode: "de",
};

const erase = async (who: { cookie: string }, body: unknown = {}) =>
  call<{ message: string }>(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account", body, cookie: who.cookie });

async function paidOrder(who: Who & { cookie: string }, ownerId: number) {
  const { order } = await placedOrder(who, ownerId);
  expect((await paySandbox(order.id, card(CARDS.ok), who)).body.status).toBe("succeeded");
  await flushAfterResponse();
  return order;
}

/** Every file under the folder, relative paths. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

const outboxCopies = (mailIds: number[]) =>
  filesUnder(path.join(dataDir, "outbox")).filter((f) => mailIds.some((id) => f.endsWith(`-${String(id).padStart(6, "0")}.eml`)));

describe("erasure of an account with a kept (paid) order", () => {
  it("strips the addresses from the order's timeline; the current shipping address stays for the delivery", async () => {
    const me = await newCustomer("leftover-timeline");
    const order = await paidOrder(me, me.id);
    const put = await call(addressRoute.PUT, {
      method: "PUT",
      path: `/api/admin/orders/${order.id}/shipping-address`,
      params: { orderId: order.id },
      body: CORRECTED,
      cookie: await cookieFor("admin"),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const db = await getDb();
    const timeline = async () => JSON.stringify(await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)));
    expect(await timeline()).toContain("Geheimweg 13");
    expect(await timeline()).toContain("Hauptstraße 1");

    expect((await erase(me)).status).toBe(200);

    const after = await timeline();
    expect(after).not.toContain("Geheimweg 13");
    expect(after).not.toContain("Hauptstraße 1");
    expect(after).toContain("address_corrected");
  });

  it("deletes the stored receipt PDFs; the invoice PDF stays (kept for the tax books)", async () => {
    const me = await newCustomer("leftover-receipt");
    const order = await paidOrder(me, me.id);
    const db = await getDb();
    // The invoice PDF is rendered after the payment.
    for (let i = 0; i < 100; i++) {
      const open = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), isNull(invoices.pdfKey)));
      if (open.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const lang of ["en", "de"] as const) expect((await getReceipt(order.id, me, lang)).status).toBe(200);
    const storage = path.join(dataDir, "storage");
    const receipts = filesUnder(storage).filter((f) => f.startsWith(`receipts/${order.id}/`));
    expect(receipts).toHaveLength(2);
    const [invoice] = await db.select({ pdfKey: invoices.pdfKey }).from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.pdfKey).toBeTruthy();

    expect((await erase(me)).status).toBe(200);

    expect(filesUnder(storage).filter((f) => f.startsWith(`receipts/${order.id}/`))).toEqual([]);
    expect(fs.existsSync(path.join(storage, invoice?.pdfKey ?? "missing"))).toBe(true);
  });

  it("deletes the outbox copies of its mails (they hold the address and working links); others' copies stay", async () => {
    const me = await newCustomer("leftover-outbox");
    const order = await paidOrder(me, me.id);
    const bystander = await newCustomer("leftover-bystander");
    const theirOrder = await paidOrder(bystander, bystander.id);
    const db = await getDb();
    const mailsAbout = async (orderId: string) =>
      (await db.select({ id: outgoingMail.id }).from(outgoingMail).where(eq(outgoingMail.orderId, orderId))).map((m) => m.id);
    const mine = await mailsAbout(order.id);
    const theirs = await mailsAbout(theirOrder.id);
    // The order's receipt, at least.
    expect(outboxCopies(mine).length).toBeGreaterThanOrEqual(1);
    expect(outboxCopies(theirs).length).toBeGreaterThanOrEqual(1);
    const theirCopies = outboxCopies(theirs);

    expect((await erase(me)).status).toBe(200);

    expect(outboxCopies(mine)).toEqual([]);
    expect(outboxCopies(theirs)).toEqual(theirCopies);
    // The mail about the kept order stays on record (without link tokens), only the delivered copy goes.
    expect(await db.select({ id: outgoingMail.id }).from(outgoingMail).where(inArray(outgoingMail.id, mine))).not.toEqual([]);
  });
});
