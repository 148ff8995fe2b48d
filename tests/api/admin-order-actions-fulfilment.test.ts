import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoices, type OrderStatus } from "@/db/schema";
import { cancelOrder } from "../helpers/orders";
import { TEST_USERS } from "../helpers/test-db";
import {
  ANY_UUID,
  BODIES,
  adminId,
  admin,
  eventsOf,
  mailsOf,
  order,
  orderRow,
  paidOrderIn,
  setupOrderActionFixtures,
  snapshot,
  transitionRefused,
  type Action,
} from "../helpers/admin-order-actions";

setupOrderActionFixtures();

describe("access matrix", () => {
  const cases: [Action, OrderStatus][] = [
    ["process", "pending"],
    ["complete", "processing"],
    ["deliver", "shipped"],
    ["cancel", "pending"],
    ["refund", "pending"],
    ["resend-receipt", "pending"],
  ];

  it.each(cases)(
    "POST /api/admin/orders/{orderId}/%s – anonymous 401, customer 403 (nothing changes), unknown and malformed ids 404, admin 200",
    async (action, status) => {
      const o = await paidOrderIn(status);
      const before = await snapshot(o.id);
      const anonymous = await admin(action, o.id, BODIES[action], "anonymous");
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe("Authentication required");
      const customer = await admin(action, o.id, BODIES[action], "customer");
      expect(customer.status).toBe(403);
      expect(customer.body.message).toBe("You do not have permission to do this");
      expect(await snapshot(o.id)).toEqual(before);

      for (const id of [ANY_UUID, "not-a-uuid"]) {
        const res = await admin(action, id, BODIES[action]);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe("Not found");
      }
      const ok = await admin(action, o.id, BODIES[action]);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    },
  );
});

describe("the transition table through the admin routes", () => {
  const ACTIONS = ["process", "complete", "deliver", "cancel"] as const;
  const TARGET: Partial<Record<`${OrderStatus}:${(typeof ACTIONS)[number]}`, OrderStatus>> = {
    "pending:process": "processing",
    "pending:cancel": "cancelled",
    "processing:complete": "shipped",
    "processing:cancel": "cancelled",
    "shipped:deliver": "delivered",
  };
  const EVENT = { process: "processed", complete: "shipped", deliver: "delivered", cancel: "cancelled" } as const;
  const STATUSES: OrderStatus[] = ["pending", "processing", "shipped", "delivered", "cancelled"];
  const cases = STATUSES.flatMap((status) => ACTIONS.map((action) => [status, action] as const));

  it.each(cases)("a paid %s order, %s", async (status, action) => {
    const o = await paidOrderIn(status);
    const before = await snapshot(o.id);
    const res = await admin(action, o.id, BODIES[action]);
    const target = TARGET[`${status}:${action}`];
    if (!target) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(transitionRefused(status));
      expect(await snapshot(o.id)).toEqual(before);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe(target);
    expect((await orderRow(o.id)).status).toBe(target);
    const event = (await eventsOf(o.id)).find((e) => e.type === EVENT[action]);
    expect(event).toMatchObject({ fromStatus: status, toStatus: target, actor: "admin", actorUserId: adminId });
    expect(res.body.timeline.find((e) => e.type === EVENT[action])?.actorEmail).toBe(TEST_USERS.admin.email);
  });

  it("Process Order of an unpaid order → 409 'not paid yet', nothing changes", async () => {
    const o = await order({ paid: false });
    const before = await snapshot(o.id);
    const res = await admin("process", o.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order has not been paid yet.");
    expect(await snapshot(o.id)).toEqual(before);
  });

  it("Process Order of an order refunded in full → 409 'not paid yet'", async () => {
    const o = await order();
    expect((await admin("refund", o.id, { reason: "Out of stock" })).status).toBe(200);
    const res = await admin("process", o.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order has not been paid yet.");
  });

  it("the whole way: process → complete → deliver sets the timestamps and the timeline", async () => {
    const o = await order();
    const processed = await admin("process", o.id);
    expect(processed.body).toMatchObject({ status: "processing", actions: ["complete", "cancel"] });
    expect(processed.body.processedAt).not.toBeNull();
    const shipped = await admin("complete", o.id, {});
    expect(shipped.body).toMatchObject({ status: "shipped", carrier: null, trackingNumber: null, actions: ["deliver"] });
    const row = await orderRow(o.id);
    expect(row.shippedAt).toBeInstanceOf(Date);
    expect(row.completedAt?.getTime()).toBe(row.shippedAt?.getTime());
    const delivered = await admin("deliver", o.id);
    expect(delivered.body).toMatchObject({ status: "delivered", actions: [] });
    expect((await orderRow(o.id)).deliveredAt).toBeInstanceOf(Date);
    const types = (await eventsOf(o.id)).map((e) => e.type);
    expect(types.filter((t) => ["processed", "shipped", "delivered"].includes(t))).toEqual(["processed", "shipped", "delivered"]);
  });

  it("a customer cannot cancel once production started: 409, nothing changes", async () => {
    const o = await order();
    expect((await admin("process", o.id)).status).toBe(200);
    const before = await snapshot(o.id);
    const res = await cancelOrder(o.id, o.buyer);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order can no longer be cancelled");
    expect(await snapshot(o.id)).toEqual(before);
  });

  it("a customer cannot cancel another customer's order (404), nor the admin on the user route", async () => {
    const o = await order();
    expect((await cancelOrder(o.id, "customer")).status).toBe(404);
    expect((await cancelOrder(o.id, "admin")).status).toBe(404);
    expect((await orderRow(o.id)).status).toBe("pending");
  });
});

describe("POST /api/admin/orders/{orderId}/complete", () => {
  it("stores carrier and tracking number and mails the customer in the order's language", async () => {
    const o = await order({ lang: "de" });
    await admin("process", o.id);
    const res = await admin("complete", o.id, { carrier: " DHL ", trackingNumber: "00340434161234567890" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "shipped", carrier: "DHL", trackingNumber: "00340434161234567890" });
    expect(await orderRow(o.id)).toMatchObject({ carrier: "DHL", trackingNumber: "00340434161234567890" });
    const event = (await eventsOf(o.id)).find((e) => e.type === "shipped");
    expect(event?.data).toEqual({ carrier: "DHL", trackingNumber: "00340434161234567890" });
    const [mail, ...more] = await mailsOf(o.id, "shipped");
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe("anna@example.com");
    expect(mail?.subject).toBe(`Deine MugMagic-Bestellung ${o.orderNumber} ist unterwegs`);
    expect(mail?.text).toContain("Versanddienstleister: DHL");
    expect(mail?.text).toContain("Sendungsnummer: 00340434161234567890");
    expect(mail?.html).toContain("00340434161234567890");
    // DHL's tracking page, linked.
    const url = "https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161234567890";
    expect(mail?.text).toContain(`Sendung verfolgen: ${url}`);
    expect(mail?.html).toContain(`href="${url}"`);
  });

  it("an English order gets the English mail; without tracking number no tracking line", async () => {
    const o = await order({ lang: "en" });
    await admin("process", o.id);
    expect((await admin("complete", o.id, {})).status).toBe(200);
    const [mail] = await mailsOf(o.id, "shipped");
    expect(mail?.subject).toBe(`Your MugMagic order ${o.orderNumber} is on its way`);
    expect(mail?.text).toContain(`good news: your order ${o.orderNumber} has been shipped.`);
    expect(mail?.text).not.toContain("Tracking number");
  });

  it("422 for a tracking number with other characters; nothing changes", async () => {
    const o = await order();
    await admin("process", o.id);
    const before = await snapshot(o.id);
    const res = await admin("complete", o.id, { trackingNumber: "<script>" });
    expect(res.status).toBe(422);
    expect(res.body.errors?.trackingNumber).toBe("The tracking number may contain only letters, digits, spaces and . _ / -");
    expect(await snapshot(o.id)).toEqual(before);
  });
});

describe("POST /api/admin/orders/{orderId}/resend-receipt", () => {
  it("queues the receipt again with the same stored invoice and records receipt_sent", async () => {
    const o = await order({ lang: "de" });
    const res = await admin<{ mailId: number }>("resend-receipt", o.id);
    expect(res.status).toBe(200);
    const receipts = await mailsOf(o.id, "receipt");
    expect(receipts).toHaveLength(2);
    const [first, again] = receipts;
    expect(again?.id).toBe(res.body.mailId);
    expect(again?.subject).toBe(first?.subject);
    expect(again?.subject).toContain(o.orderNumber);
    expect(again?.attachments).toEqual(first?.attachments);
    const [invoice] = await (
      await getDb()
    )
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, o.id), eq(invoices.kind, "invoice")));
    expect(invoice).toBeDefined();
    // The invoice, then the line's picture shown inline.
    expect(again?.attachments).toEqual([
      { type: "invoice", invoiceId: invoice?.id },
      { type: "mockup", orderItemId: expect.any(Number) as number, cid: expect.stringMatching(/^mockup-\d+@mugmagic$/) as string },
    ]);
    // One resend, one entry: the admin's, which the mail's delivery does not repeat.
    const sent = (await eventsOf(o.id)).filter((e) => e.type === "receipt_sent" && e.data?.mailId === res.body.mailId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.actor).toBe("admin");
    expect(sent[0]?.actorUserId).toBe(adminId);
    expect(sent[0]?.data).toMatchObject({ mailId: res.body.mailId, invoiceId: invoice?.id });
  });

  it("an unpaid order has no receipt: 409", async () => {
    const o = await order({ paid: false });
    const res = await admin("resend-receipt", o.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This order has no receipt: it has not been paid.");
    expect(await mailsOf(o.id, "receipt")).toHaveLength(0);
  });
});
