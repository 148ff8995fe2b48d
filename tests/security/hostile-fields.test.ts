import { and, eq, gt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { outgoingMail } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import * as exportRoute from "@/app/api/admin/orders/export/route";
import { flushAfterResponse } from "@/lib/api/after-response";
import { call, cookieFor } from "../helpers/api";
import { admin, order, setupOrderActionFixtures } from "../helpers/admin-order-actions";
import { deliveredMail } from "../helpers/mail";
import { checkoutBody, fillCart, newCustomer, placedOrder } from "../helpers/orders";
import {
  HOSTILE,
  adminFields,
  adminTokenCount,
  expectInertMail,
  expectRefusedOrAccepted,
  personFields,
  plainPersonText,
  type Field,
} from "./hostile-text";

setupOrderActionFixtures();

let paidOrderId = "";
let buyer: Awaited<ReturnType<typeof newCustomer>>;
let tokensBefore = 0;

beforeAll(async () => {
  process.env.REGISTRATIONS_PER_HOUR = "100000";
  resetEnvCache();
  tokensBefore = await adminTokenCount();
  paidOrderId = (await order()).id;
  buyer = await newCustomer("hostile");
  await fillCart(buyer, buyer.id);
});

async function tryAll(field: Field): Promise<string[]> {
  const accepted: string[] = [];
  for (const [label, text] of HOSTILE) if (expectRefusedOrAccepted(field, label, await field.write(text))) accepted.push(label);
  return accepted;
}

describe("hostile text in the fields people write", () => {
  it("names and address lines (sign-up, account, checkout, the admin's address edit) keep only plain text", async () => {
    for (const field of personFields({ checkoutAs: () => buyer, adminOrderId: () => paidOrderId })) {
      const accepted = await tryAll(field);
      expect(accepted, field.name).toEqual(HOSTILE.filter(([, text]) => plainPersonText(text)).map(([label]) => label));
    }
    expect(await adminTokenCount()).toBe(tokensBefore);
  });

  it("the admin's free texts (seller data, suppliers) are refused with a field error or kept; never a 500", async () => {
    for (const field of adminFields()) await tryAll(field);
    expect(await adminTokenCount()).toBe(tokensBefore);
  });

  it("a refund reason of every kind reaches the customer's mail inert: no header, no live markup, no token", async () => {
    const db = await getDb();
    for (const [label, text] of HOSTILE) {
      const [last] = await db.select({ id: outgoingMail.id }).from(outgoingMail).orderBy(outgoingMail.id).limit(1);
      const res = await admin("refund", paidOrderId, { amountCents: 1, reason: text, idempotencyKey: `hostile-${label}` });
      if (!expectRefusedOrAccepted({ name: "reason", write: async () => res }, label, res)) continue;
      await flushAfterResponse();
      const mails = await db
        .select()
        .from(outgoingMail)
        .where(and(eq(outgoingMail.orderId, paidOrderId), eq(outgoingMail.kind, "refunded"), gt(outgoingMail.id, last?.id ?? 0)));
      const mail = mails.at(-1);
      expect(mail, label).toBeDefined();
      if (!mail) continue;
      expectInertMail(mail, text);
      const sent = deliveredMail(mail.id);
      expect(sent.split(/\r?\n\r?\n/)[0], label).not.toMatch(/^Bcc:/im);
    }
    expect(await adminTokenCount()).toBe(tokensBefore);
  });
});

describe("hostile text in what the shop writes out", () => {
  it("a name that starts like a formula stays text in the CSV export", async () => {
    const formulaBuyer = await newCustomer("formula");
    const contact = { email: formulaBuyer.email, firstName: "-Anna", lastName: "(Muster)", phone: null };
    const { order: placed } = await placedOrder(formulaBuyer, formulaBuyer.id, { body: checkoutBody({ contact }) });
    const res = await call<string>(exportRoute.GET, {
      path: `/api/admin/orders/export?q=${placed.orderNumber}`,
      cookie: await cookieFor("admin"),
    });
    expect(res.status).toBe(200);
    const row = res.body.split("\n").find((line) => line.includes(placed.orderNumber)) ?? "";
    expect(row).toContain("'-Anna");
    for (const cell of row.split(",")) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@\t\r]/);
  });
});
