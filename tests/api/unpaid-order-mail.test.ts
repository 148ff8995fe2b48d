import { randomUUID } from "node:crypto";
import { asc, and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as adminCancelRoute from "@/app/api/admin/orders/[orderId]/cancel/route";
import { getDb } from "@/db/client";
import { orderEvents, outgoingMail, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { call, cookieFor } from "../helpers/api";
import { tempDir } from "../helpers/test-db";
import { cancelOrder, card, CARDS, checkoutBody, newCustomer, paySandbox, placedOrder, type ErrorBody } from "../helpers/orders";

/**
 * No mail about a never-paid order goes to an address nobody verified: whoever types a stranger's
 * address into the checkout must not make the shop write to it. Mails of paid orders go as before.
 */

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-unpaid-mail-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
});

type Buyer = Awaited<ReturnType<typeof newCustomer>>;

const mailsOf = async (orderId: string, kind: "receipt" | "cancelled") =>
  (await getDb())
    .select()
    .from(outgoingMail)
    .where(and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, kind)))
    .orderBy(asc(outgoingMail.id));
const mailsTo = async (to: string) => (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.to, to));

/** An order placed by the buyer with the given contact email (the buyer's own by default). */
async function orderOf(buyer: Buyer, email = buyer.email) {
  const { order } = await placedOrder(buyer, buyer.id, {
    body: checkoutBody({ contact: { email, firstName: "Anna", lastName: "Muster", phone: null } }),
  });
  return order;
}

async function verify(buyer: Buyer) {
  await (await getDb()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, buyer.id));
}

const adminCancel = async (orderId: string) =>
  call<ErrorBody>(adminCancelRoute.POST, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/cancel`,
    params: { orderId },
    body: {},
    cookie: await cookieFor("admin"),
  });

describe("the cancelled mail of a never-paid order", () => {
  it("is withheld when the customer cancels and the address is unverified (a guest typing any address)", async () => {
    const buyer = await newCustomer("unverified");
    const stranger = `stranger-${randomUUID().slice(0, 8)}@example.com`;
    const order = await orderOf(buyer, stranger);
    const res = await cancelOrder(order.id, buyer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe("cancelled");
    expect(await mailsOf(order.id, "cancelled")).toHaveLength(0);
    expect(await mailsTo(stranger)).toHaveLength(0);
    const events = await (await getDb()).select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.find((e) => e.type === "cancelled")?.data).toMatchObject({ mailWithheld: "unverified_address" });
  });

  it("is withheld when the admin cancels an unverified customer's unpaid order", async () => {
    const buyer = await newCustomer("unverified-admin");
    const order = await orderOf(buyer);
    const res = await adminCancel(order.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await mailsOf(order.id, "cancelled")).toHaveLength(0);
  });

  it("goes to the account's own email once a mailed link verified it", async () => {
    const buyer = await newCustomer("verified");
    await verify(buyer);
    const order = await orderOf(buyer);
    expect((await cancelOrder(order.id, buyer)).status).toBe(200);
    const [mail] = await mailsOf(order.id, "cancelled");
    expect(mail?.to).toBe(buyer.email);
    expect(mail?.text).toContain("You have not been charged for this order.");
  });

  it("is withheld for another address than the verified account's own", async () => {
    const buyer = await newCustomer("verified-other");
    await verify(buyer);
    const order = await orderOf(buyer, `typed-${randomUUID().slice(0, 8)}@example.com`);
    expect((await cancelOrder(order.id, buyer)).status).toBe(200);
    expect(await mailsOf(order.id, "cancelled")).toHaveLength(0);
  });

  it("goes to an address that had a paid order of the account before", async () => {
    const buyer = await newCustomer("paid-before");
    const first = await orderOf(buyer);
    expect((await paySandbox(first.id, card(CARDS.ok), buyer)).body.status).toBe("succeeded");
    const second = await orderOf(buyer);
    expect((await cancelOrder(second.id, buyer)).status).toBe(200);
    expect((await mailsOf(second.id, "cancelled"))[0]?.to).toBe(buyer.email);
  });
});

describe("mails of a paid order go as before", () => {
  it("an unverified guest's paid order: receipt, then the cancelled mail with the refund", async () => {
    const buyer = await newCustomer("paid-unverified");
    const order = await orderOf(buyer);
    expect((await paySandbox(order.id, card(CARDS.ok), buyer)).body.status).toBe("succeeded");
    expect(await mailsOf(order.id, "receipt")).toHaveLength(1);
    expect((await cancelOrder(order.id, buyer)).status).toBe(200);
    const [mail] = await mailsOf(order.id, "cancelled");
    expect(mail?.to).toBe(buyer.email);
  });
});

describe("a stranger's unpaid order with a verified customer's address", () => {
  it("mails nobody: the verified address is another account's, not the ordering guest's", async () => {
    const victim = await newCustomer("verified-victim", { password: true });
    await verify(victim);
    const stranger = await newCustomer("stranger-guest");
    const order = await orderOf(stranger, victim.email);
    expect((await cancelOrder(order.id, stranger)).status).toBe(200);
    expect(await mailsOf(order.id, "cancelled")).toHaveLength(0);
    expect((await mailsTo(victim.email)).filter((m) => m.orderId === order.id)).toHaveLength(0);
  });

  it("mails nobody either when the victim's earlier order with that address was paid", async () => {
    const victim = await newCustomer("paid-victim");
    const paid = await orderOf(victim);
    expect((await paySandbox(paid.id, card(CARDS.ok), victim)).body.status).toBe("succeeded");
    const stranger = await newCustomer("stranger-after-paid");
    const order = await orderOf(stranger, victim.email);
    expect((await cancelOrder(order.id, stranger)).status).toBe(200);
    expect(await mailsOf(order.id, "cancelled")).toHaveLength(0);
  });
});
