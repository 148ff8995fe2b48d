import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders, outgoingMail, payments, type MailAttachment, type MailKind } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { queueMail } from "@/lib/integrations/mail";
import { deliverQueuedMail, retryDueMail, retryPauseMinutes } from "@/lib/services/mail";
import { orderTimeline, recordMailOutcome } from "@/lib/services/orders/core/events";
import * as cronRoute from "@/app/api/cron/mail/route";
import { call } from "../helpers/api";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp";
import { TEST_USERS, tempDir, useServer } from "../helpers/test-db";
import { card, CARDS, paySandbox, placedOrder, readableMail, userIdOf } from "../helpers/orders";

const MINUTE = 60_000;
const CRON_SECRET = "cron-secret-for-the-tests-0123456789";

let smtp: FakeSmtp;
/** An SMTP address nobody listens on: the server is down. */
let downUrl: string;
let customerId: number;

async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

function useSmtp(url: string): void {
  process.env.SMTP_URL = url;
  resetEnvCache();
}

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-mail-");
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "CRON_SECRET", "MAIL_MAX_ATTEMPTS"])
    delete process.env[key];
  smtp = await startFakeSmtp();
  downUrl = await closedPortUrl();
  useSmtp(smtp.url);
  customerId = await userIdOf(TEST_USERS.customer.email);
});

afterAll(async () => {
  for (const key of ["SMTP_URL", "CRON_SECRET", "MAIL_MAX_ATTEMPTS"]) delete process.env[key];
  resetEnvCache();
  await smtp.close();
});

/** No mail from an earlier test is due any more: each test sees only its own. */
beforeEach(async () => {
  useSmtp(smtp.url);
  await (
    await getDb()
  )
    .update(outgoingMail)
    .set({ status: "sent", nextAttemptAt: null })
    .where(inArray(outgoingMail.status, ["queued", "failed"]));
});

let counter = 0;
async function queue(opts: { kind?: MailKind; orderId?: string | null; attachments?: MailAttachment[] | null } = {}) {
  const to = `mail-${++counter}-${Date.now()}@example.com`;
  const id = await queueMail(await getDb(), {
    to,
    subject: `Test message ${counter}`,
    text: `Hello ${counter}`,
    kind: opts.kind ?? "other",
    orderId: opts.orderId ?? null,
    attachments: opts.attachments ?? null,
  });
  return { id, to };
}

async function mailRow(id: number) {
  const [row] = await (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.id, id));
  if (!row) throw new Error(`mail ${id} exists`);
  return row;
}

/** How often the SMTP server received the message of this mail row (its Message-ID is derived from the id). */
function received(id: number): number {
  return smtp.messages.filter((m) => m.data.includes(`Message-ID: <mail-${id}@example.com>`)).length;
}

async function mailEvents(orderId: string) {
  return (await orderTimeline(await getDb(), orderId)).filter((e) => e.type.startsWith("mail_") || e.type === "receipt_sent");
}

describe("backoff", () => {
  it("waits 1, 2, 4 … minutes after each failed attempt, at most 6 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryPauseMinutes)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
    expect(retryPauseMinutes(10)).toBe(360);
    expect(retryPauseMinutes(60)).toBe(360);
  });
});

describe("delivery and retries against an SMTP server", () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = (await placedOrder("customer", customerId)).order.id;
  });

  it("server down → failed, 1 attempt, next attempt in about a minute, a mail_failed timeline entry; not retried before it is due", async () => {
    useSmtp(downUrl);
    const { id } = await queue({ orderId, kind: "shipped" });
    const before = Date.now();
    expect(await deliverQueuedMail(id, recordMailOutcome)).toBe("failed");
    const after = Date.now();
    const row = await mailRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, sentAt: null });
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(before + MINUTE);
    expect(row.nextAttemptAt?.getTime()).toBeLessThanOrEqual(after + MINUTE);
    const events = await mailEvents(orderId);
    expect(events.at(-1)).toMatchObject({
      type: "mail_failed",
      actor: "system",
      data: { mailId: id, kind: "shipped", attempt: 1, error: row.error },
    });

    // Not due yet: neither a direct delivery nor a retry pass touches it.
    useSmtp(smtp.url);
    expect(await deliverQueuedMail(id, recordMailOutcome)).toBe("skipped");
    expect(await retryDueMail(recordMailOutcome)).toEqual({ sent: 0, failed: 0 });
    expect((await mailRow(id)).attempts).toBe(1);

    // Server up and the retry due → sent, the second attempt, a mail_sent entry.
    expect(await retryDueMail(recordMailOutcome, { now: new Date(after + MINUTE + 1000) })).toEqual({ sent: 1, failed: 0 });
    expect(await mailRow(id)).toMatchObject({ status: "sent", attempts: 2, error: null, nextAttemptAt: null });
    expect(received(id)).toBe(1);
    expect((await mailEvents(orderId)).at(-1)).toMatchObject({ type: "mail_sent", data: { mailId: id, kind: "shipped", attempt: 2 } });

    // A sent mail is never sent again by a retry pass.
    expect(await retryDueMail(recordMailOutcome, { now: new Date(Date.now() + 24 * 60 * MINUTE) })).toEqual({ sent: 0, failed: 0 });
    expect(await deliverQueuedMail(id, recordMailOutcome)).toBe("skipped");
    expect(received(id)).toBe(1);
  });

  it("a receipt records receipt_sent in the order's timeline", async () => {
    const { id } = await queue({ orderId, kind: "receipt" });
    expect(await deliverQueuedMail(id, recordMailOutcome)).toBe("sent");
    expect((await mailEvents(orderId)).at(-1)).toMatchObject({
      type: "receipt_sent",
      actor: "system",
      data: { mailId: id, kind: "receipt", attempt: 1 },
    });
  });

  it("a refused recipient fails the attempt like a server that is down", async () => {
    smtp.rejectRecipients = true;
    try {
      const { id } = await queue();
      expect(await deliverQueuedMail(id, recordMailOutcome)).toBe("failed");
      expect(await mailRow(id)).toMatchObject({ status: "failed", attempts: 1 });
      expect((await mailRow(id)).error).toContain("550");
    } finally {
      smtp.rejectRecipients = false;
    }
  });

  it("the pauses grow until MAIL_MAX_ATTEMPTS; then the mail is given up (no next attempt) and never picked again", async () => {
    process.env.MAIL_MAX_ATTEMPTS = "4";
    useSmtp(downUrl);
    try {
      const { id } = await queue({ orderId });
      expect(await deliverQueuedMail(id, recordMailOutcome)).toBe("failed");
      let clock = Date.now();
      const pauses: number[] = [];
      for (let attempt = 2; attempt <= 4; attempt++) {
        const previous = (await mailRow(id)).nextAttemptAt?.getTime() ?? Number.NaN;
        // One second before it is due: nothing happens.
        expect(await retryDueMail(recordMailOutcome, { now: new Date(previous - 1000) })).toEqual({ sent: 0, failed: 0 });
        clock = previous + 1000;
        expect(await retryDueMail(recordMailOutcome, { now: new Date(clock) })).toEqual({ sent: 0, failed: 1 });
        const row = await mailRow(id);
        expect(row.attempts).toBe(attempt);
        if (row.nextAttemptAt) pauses.push((row.nextAttemptAt.getTime() - clock) / MINUTE);
      }
      expect(pauses).toEqual([2, 4]);
      const given = await mailRow(id);
      expect(given).toMatchObject({ status: "failed", attempts: 4, nextAttemptAt: null });
      const failures = (await mailEvents(orderId)).filter((e) => e.type === "mail_failed" && e.data?.mailId === id);
      expect(failures.map((e) => e.data?.attempt)).toEqual([1, 2, 3, 4]);
      expect(failures.at(-1)?.data).toMatchObject({ nextAttemptAt: null });

      useSmtp(smtp.url);
      expect(await retryDueMail(recordMailOutcome, { now: new Date(clock + 7 * 24 * 60 * MINUTE) })).toEqual({ sent: 0, failed: 0 });
      expect(await deliverQueuedMail(id, recordMailOutcome)).toBe("skipped");
      expect(received(id)).toBe(0);
    } finally {
      delete process.env.MAIL_MAX_ATTEMPTS;
      resetEnvCache();
    }
  });

  it("a queued mail nobody sent (the server stopped after the commit) is picked up once it is a minute old", async () => {
    const { id } = await queue();
    const row = await mailRow(id);
    expect(await retryDueMail(recordMailOutcome, { now: new Date(row.createdAt.getTime() + 30_000) })).toEqual({ sent: 0, failed: 0 });
    expect(await retryDueMail(recordMailOutcome, { now: new Date(row.createdAt.getTime() + MINUTE + 1000) })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await mailRow(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(received(id)).toBe(1);
  });

  it("a mail being sent is not picked by a retry pass (its claim runs)", async () => {
    const { id } = await queue();
    const [sending, pass] = await Promise.all([
      deliverQueuedMail(id, recordMailOutcome),
      retryDueMail(recordMailOutcome, { now: new Date(Date.now() + 2 * MINUTE) }),
    ]);
    expect(sending === "sent" ? pass : { sent: pass.sent - 1, failed: pass.failed }).toEqual({ sent: 0, failed: 0 });
    expect(received(id)).toBe(1);
    expect((await mailRow(id)).attempts).toBe(1);
  });
});

describe("server start", () => {
  it("runs one retry pass after the database is ready (instrumentation.ts), without waiting for it", async () => {
    const { id } = await queue();
    await (
      await getDb()
    )
      .update(outgoingMail)
      .set({ createdAt: new Date(Date.now() - 2 * MINUTE) })
      .where(eq(outgoingMail.id, id));
    const runtime = process.env.NEXT_RUNTIME;
    process.env.NEXT_RUNTIME = "nodejs";
    try {
      const { register } = await import("@/instrumentation");
      await register();
    } finally {
      if (runtime === undefined) delete process.env.NEXT_RUNTIME;
      else process.env.NEXT_RUNTIME = runtime;
    }
    await vi.waitFor(async () => expect((await mailRow(id)).status).toBe("sent"), { timeout: 10_000, interval: 50 });
    expect(received(id)).toBe(1);
  });
});

describe("attachments", () => {
  it("an attachment that cannot be made fails the attempt and plans a retry; nothing is sent without it", async () => {
    const { id } = await queue({ attachments: [{ type: "invoice", invoiceId: 2_000_000_000 }] });
    expect(await deliverQueuedMail(id, recordMailOutcome)).toBe("failed");
    const row = await mailRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.error).toContain("Attachment (invoice 2000000000) could not be made");
    expect(row.nextAttemptAt).not.toBeNull();
    expect(received(id)).toBe(0);
  });

  it("the receipt of a paid order carries the invoice PDF", async () => {
    // Another customer: the first one's unpaid order of the tests above would be reused by this checkout.
    const { order } = await placedOrder("other", await userIdOf(TEST_USERS.other.email));
    expect((await paySandbox(order.id, card(CARDS.ok), "other")).body.status).toBe("succeeded");
    const [receipt] = await (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.orderId, order.id));
    expect(receipt).toMatchObject({ kind: "receipt", status: "sent", attempts: 1 });
    // The invoice, then the line's picture shown inline (tests/api/mockups.test.ts).
    expect(receipt?.attachments).toEqual([
      { type: "invoice", invoiceId: expect.any(Number) },
      { type: "mockup", orderItemId: order.items[0]?.id, cid: `mockup-${order.items[0]?.id}@mugmagic` },
    ]);
    const message = smtp.messages.find((m) => m.data.includes(`Message-ID: <mail-${receipt?.id}@example.com>`));
    const text = readableMail(message?.data ?? "");
    expect(text).toMatch(/Content-Type: application\/pdf; name=.*\.pdf/);
    expect(text).toMatch(/Content-Disposition: attachment; filename=.*\.pdf/);
    // The PDF itself travels base64-encoded: "%PDF" is "JVBER".
    expect(message?.data).toContain("JVBER");
  });
});

describe("two senders at the same time" + (useServer ? " (PostgreSQL, separate connections)" : " (PGlite)"), () => {
  it("two concurrent retry passes send each due mail exactly once", async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push((await queue()).id);
    const now = new Date(Date.now() + 2 * MINUTE);
    const results = await Promise.all([
      retryDueMail(recordMailOutcome, { now, limit: 50 }),
      retryDueMail(recordMailOutcome, { now, limit: 50 }),
      retryDueMail(recordMailOutcome, { now, limit: 50 }),
    ]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
    expect(results.reduce((sum, r) => sum + r.failed, 0)).toBe(0);
    expect(ids.map(received)).toEqual(ids.map(() => 1));
    const rows = await (await getDb()).select().from(outgoingMail).where(inArray(outgoingMail.id, ids));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("two concurrent deliveries of one mail send it once", async () => {
    const { id } = await queue();
    const outcomes = await Promise.all([deliverQueuedMail(id, recordMailOutcome), deliverQueuedMail(id, recordMailOutcome)]);
    expect(outcomes.sort()).toEqual(["sent", "skipped"]);
    expect(received(id)).toBe(1);
  });
});

describe("POST /api/cron/mail", () => {
  const cron = (headers: Record<string, string> = {}) =>
    call<{ message?: string; sent?: number }>(cronRoute.POST, { method: "POST", path: "/api/cron/mail", headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  afterAll(() => {
    delete process.env.CRON_SECRET;
    resetEnvCache();
  });

  it("without CRON_SECRET → 503, even with a token", async () => {
    delete process.env.CRON_SECRET;
    resetEnvCache();
    for (const headers of [{}, bearer(CRON_SECRET)]) {
      const res = await cron(headers);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe("Scheduled jobs are not configured (set CRON_SECRET).");
    }
  });

  it("a missing, wrong or differently shaped token → 401 and nothing is sent", async () => {
    process.env.CRON_SECRET = CRON_SECRET;
    resetEnvCache();
    const { id } = await queue();
    await (
      await getDb()
    )
      .update(outgoingMail)
      .set({ nextAttemptAt: new Date(Date.now() - 1000), status: "failed" })
      .where(eq(outgoingMail.id, id));
    for (const headers of [
      {},
      bearer("wrong"),
      bearer(`${CRON_SECRET}x`),
      bearer(CRON_SECRET.slice(0, -1)),
      { authorization: CRON_SECRET },
      { authorization: `Basic ${CRON_SECRET}` },
    ]) {
      const res = await cron(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body.message).toBe("Authentication required");
    }
    expect((await mailRow(id)).status).toBe("failed");
  });

  it("the right token (a server-to-server call without Origin) → 200: due mail sent, unpaid orders expired", async () => {
    process.env.CRON_SECRET = CRON_SECRET;
    resetEnvCache();
    const db = await getDb();
    const { id } = await queue();
    await db
      .update(outgoingMail)
      .set({ nextAttemptAt: new Date(Date.now() - 1000), status: "failed", attempts: 1 })
      .where(eq(outgoingMail.id, id));
    // An unpaid order whose checkout is older than UNPAID_ORDER_EXPIRY_HOURS (48).
    const { order } = await placedOrder("other", await userIdOf(TEST_USERS.other.email));
    const longAgo = new Date(Date.now() - 49 * 3_600_000);
    await db.update(payments).set({ createdAt: longAgo }).where(eq(payments.orderId, order.id));
    await db.update(orders).set({ createdAt: longAgo, updatedAt: longAgo }).where(eq(orders.id, order.id));

    const res = await cron(bearer(CRON_SECRET));
    expect(res.status).toBe(200);
    // The retention pass (tests/api/retention.test.ts) runs in the same call and reports its counts.
    expect(res.body).toMatchObject({ sent: 1, failed: 0, expiredOrders: 1, finishedRefunds: 0, retention: expect.any(Object) });
    expect(await mailRow(id)).toMatchObject({ status: "sent", attempts: 2 });
    const [expired] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(expired?.status).toBe("cancelled");
    // The scheme name is case-insensitive.
    expect((await cron({ authorization: `bearer ${CRON_SECRET}` })).body).toMatchObject({
      sent: 0,
      failed: 0,
      expiredOrders: 0,
      finishedRefunds: 0,
    });
  });

  it("a browser page of another site cannot trigger it", async () => {
    process.env.CRON_SECRET = CRON_SECRET;
    resetEnvCache();
    const res = await cron({ ...bearer(CRON_SECRET), origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});
