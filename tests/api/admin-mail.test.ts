import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { outgoingMail, type MailAttachment, type MailKind } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { queueMail } from "@/lib/integrations/mail";
import type { AdminMailDto, AdminMailPage } from "@/lib/schemas/admin-orders";
import { orderTimeline } from "@/lib/services/orders/core/events";
import * as listRoute from "@/app/api/admin/mail/route";
import * as resendRoute from "@/app/api/admin/mail/[mailId]/resend/route";
import { call, cookieFor, type Role } from "../helpers/api";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp";
import { TEST_USERS, tempDir } from "../helpers/test-db";
import { placedOrder, userIdOf } from "../helpers/orders";

type ErrorBody = { message: string; errors?: Record<string, string> };

let smtp: FakeSmtp;
let customerId: number;

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-admin-mail-");
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "MAIL_MAX_ATTEMPTS"]) delete process.env[key];
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  customerId = await userIdOf(TEST_USERS.customer.email);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
});

async function list(query: Record<string, string> = {}, who: Role = "admin") {
  const qs = new URLSearchParams(query).toString();
  return call<AdminMailPage & ErrorBody>(listRoute.GET, { path: `/api/admin/mail${qs ? `?${qs}` : ""}`, cookie: await cookieFor(who) });
}

async function resend(mailId: number | string, who: Role = "admin") {
  return call<AdminMailDto & ErrorBody>(resendRoute.POST, {
    method: "POST",
    path: `/api/admin/mail/${mailId}/resend`,
    params: { mailId: String(mailId) },
    cookie: await cookieFor(who),
  });
}

async function queue(opts: {
  to?: string;
  subject?: string;
  kind?: MailKind;
  orderId?: string | null;
  attachments?: MailAttachment[] | null;
}) {
  return queueMail(await getDb(), {
    to: opts.to ?? "someone@example.com",
    subject: opts.subject ?? "A message",
    text: "Hello",
    html: "<p>Hello</p>",
    kind: opts.kind ?? "other",
    orderId: opts.orderId ?? null,
    attachments: opts.attachments ?? null,
  });
}

async function mailRow(id: number) {
  const [row] = await (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.id, id));
  if (!row) throw new Error(`mail ${id} exists`);
  return row;
}

describe("access matrix", () => {
  let mailId: number;
  beforeAll(async () => {
    mailId = await queue({ to: "matrix@example.com" });
  });

  it("GET /api/admin/mail – anonymous 401, customer 403, admin 200", async () => {
    const anonymous = await list({}, "anonymous");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe("Authentication required");
    const customer = await list({}, "customer");
    expect(customer.status).toBe(403);
    expect(customer.body.message).toBe("You do not have permission to do this");
    expect((await list()).status).toBe(200);
  });

  it("POST /api/admin/mail/{mailId}/resend – anonymous 401, customer 403 (nothing queued), admin 201; unknown or malformed ids 404", async () => {
    const before = (await list({ q: "matrix@example.com" })).body.total;
    const anonymous = await resend(mailId, "anonymous");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe("Authentication required");
    const customer = await resend(mailId, "customer");
    expect(customer.status).toBe(403);
    expect(customer.body.message).toBe("You do not have permission to do this");
    expect((await list({ q: "matrix@example.com" })).body.total).toBe(before);
    expect((await resend(mailId)).status).toBe(201);
    for (const id of [2_000_000_000, "abc", 0, -1]) {
      const res = await resend(id);
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toBe("Not found");
    }
  });
});

describe("GET /api/admin/mail", () => {
  let orderId: string;
  let orderNumber: string;
  const ids: number[] = [];
  beforeAll(async () => {
    const placed = await placedOrder("customer", customerId);
    orderId = placed.order.id;
    orderNumber = placed.order.orderNumber;
    ids.push(await queue({ to: "list-a@example.com", subject: "Versand Ihrer Tasse", kind: "shipped", orderId }));
    ids.push(await queue({ to: "list-b@example.com", subject: "Your refund" }));
    ids.push(await queue({ to: "list-c@example.com", subject: "Weekly_news 100%" }));
    // Mark them: sent, failed (retry planned), queued.
    const db = await getDb();
    const [sentId, failedId] = ids as [number, number];
    await db.update(outgoingMail).set({ status: "sent", sentAt: new Date(), attempts: 1 }).where(eq(outgoingMail.id, sentId));
    await db
      .update(outgoingMail)
      .set({ status: "failed", attempts: 2, error: "550 mailbox unavailable", nextAttemptAt: new Date(Date.now() + 120_000) })
      .where(eq(outgoingMail.id, failedId));
  });

  it("lists newest first with the retry state and the order number", async () => {
    const res = await list({ q: "list-" });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((m) => m.id)).toEqual([...ids].reverse());
    const [queued, failed, sent] = res.body.items;
    expect(sent).toMatchObject({
      to: "list-a@example.com",
      subject: "Versand Ihrer Tasse",
      kind: "shipped",
      status: "sent",
      attempts: 1,
      error: null,
      orderId,
      orderNumber,
      nextAttemptAt: null,
    });
    expect(sent?.sentAt).toEqual(expect.any(String));
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 2,
      error: "550 mailbox unavailable",
      orderId: null,
      orderNumber: null,
      sentAt: null,
    });
    expect(Date.parse(failed?.nextAttemptAt ?? "")).toBeGreaterThan(Date.now());
    expect(queued).toMatchObject({ status: "queued", attempts: 0, error: null, sentAt: null, nextAttemptAt: null });
  });

  it("searches recipient, subject (case-insensitive) and order number; %, _ are literal", async () => {
    const found = async (q: string) => (await list({ q })).body.items.map((m) => m.id);
    expect(await found("LIST-B@")).toEqual([ids[1]]);
    expect(await found("ihrer tasse")).toEqual([ids[0]]);
    expect(await found(orderNumber)).toContain(ids[0]);
    expect(await found(orderNumber)).not.toContain(ids[1]);
    expect(await found("100%")).toEqual([ids[2]]);
    expect(await found("weekly_")).toEqual([ids[2]]);
    expect(await found("weekly%")).toEqual([]);
  });

  it("filters by status and pages", async () => {
    const statuses = async (status: string) => (await list({ q: "list-", status })).body.items.map((m) => m.id);
    expect(await statuses("sent")).toEqual([ids[0]]);
    expect(await statuses("failed")).toEqual([ids[1]]);
    expect(await statuses("queued")).toEqual([ids[2]]);
    expect(await statuses("all")).toEqual([...ids].reverse());
    const page2 = await list({ q: "list-", pageSize: "2", page: "2" });
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.body.items.map((m) => m.id)).toEqual([ids[0]]);
  });

  it("a bad filter → 422 with the field named", async () => {
    const res = await list({ status: "bounced" });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Validation failed");
    expect(Object.keys(res.body.errors ?? {})).toEqual(["status"]);
    expect((await list({ pageSize: "1000" })).status).toBe(422);
  });
});

describe("POST /api/admin/mail/{mailId}/resend", () => {
  it("queues a copy with the same content, order and attachments list and sends it; the timeline records it", async () => {
    const { order } = await placedOrder("customer", customerId);
    const original = await queue({ to: "copy@example.com", subject: "Your MugMagic order", kind: "shipped", orderId: order.id });
    await (
      await getDb()
    )
      .update(outgoingMail)
      .set({ status: "sent", sentAt: new Date(), attempts: 1 })
      .where(eq(outgoingMail.id, original));
    const res = await resend(original);
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(original);
    expect(res.body).toMatchObject({
      to: "copy@example.com",
      subject: "Your MugMagic order",
      kind: "shipped",
      status: "sent",
      attempts: 1,
      error: null,
      orderId: order.id,
      orderNumber: order.orderNumber,
    });
    const [copyRow, originalRow] = [await mailRow(res.body.id), await mailRow(original)];
    expect({ text: copyRow.text, html: copyRow.html, attachments: copyRow.attachments }).toEqual({
      text: originalRow.text,
      html: originalRow.html,
      attachments: originalRow.attachments,
    });
    expect(originalRow).toMatchObject({ status: "sent", attempts: 1 });
    expect(smtp.messages.filter((m) => m.data.includes(`Message-ID: <mail-${res.body.id}@example.com>`))).toHaveLength(1);
    const timeline = await orderTimeline(await getDb(), order.id);
    expect(timeline.at(-1)).toMatchObject({ type: "mail_sent", data: { mailId: res.body.id, kind: "shipped", attempt: 1 } });
  });

  it("a failed original stops retrying once a copy replaces it", async () => {
    const original = await queue({ to: "retrying@example.com" });
    await (
      await getDb()
    )
      .update(outgoingMail)
      .set({ status: "failed", attempts: 3, error: "timeout", nextAttemptAt: new Date(Date.now() + 240_000) })
      .where(eq(outgoingMail.id, original));
    const res = await resend(original);
    expect(res.body).toMatchObject({ status: "sent", attempts: 1 });
    expect(await mailRow(original)).toMatchObject({ status: "failed", attempts: 3, error: "timeout", nextAttemptAt: null });
  });

  it("a copy that cannot be sent answers failed with its retry planned; attachments are kept and required", async () => {
    const attachments: MailAttachment[] = [{ type: "invoice", invoiceId: 2_000_000_000 }];
    const original = await queue({ to: "attach@example.com", kind: "receipt", attachments });
    const res = await resend(original);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "failed", attempts: 1, kind: "receipt" });
    expect(res.body.error).toContain("Attachment (invoice 2000000000) could not be made");
    expect(Date.parse(res.body.nextAttemptAt ?? "")).toBeGreaterThan(Date.now());
    expect((await mailRow(res.body.id)).attachments).toEqual(attachments);
    expect(smtp.messages.some((m) => m.data.includes(`Message-ID: <mail-${res.body.id}@example.com>`))).toBe(false);
  });

  it("answers the copy in the list too", async () => {
    const original = await queue({ to: "listed-copy@example.com" });
    const res = await resend(original);
    const listed = await list({ q: "listed-copy@" });
    expect(listed.body.items.map((m) => m.id)).toEqual([res.body.id, original]);
    expect(listed.body.items[0]).toEqual(res.body);
  });
});

describe("server down", () => {
  it("a resend while the SMTP server is down answers the failed copy (201), no 500", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetEnvCache();
    try {
      const res = await resend(await queue({ to: "down@example.com" }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: "failed", attempts: 1 });
      expect(res.body.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
    }
  });
});
