import { and, desc, eq, gt } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { orders, outgoingMail, type MailKind } from "@/db/schema";
import { errorResponse } from "@/lib/api/route";
import { resetEnvCache } from "@/lib/env";
import * as exportRoute from "@/app/api/admin/orders/export/route";
import * as packingSlipRoute from "@/app/api/admin/orders/[orderId]/packing-slip/route";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { call, cookieFor } from "../helpers/api";
import { admin, order, setupOrderActionFixtures } from "../helpers/admin-order-actions";
import { deliveredMail } from "../helpers/mail";
import { get as getArticle, put as putArticle, seededMugId, updateBodyOf } from "../helpers/admin-articles";
import { download, SELLER } from "../helpers/invoices";
import { checkoutBody, fillCart, newCustomer, placedOrder } from "../helpers/orders";
import {
  HOSTILE,
  adminFields,
  adminTokenCount,
  brandField,
  catalogFields,
  catalogRefs,
  type CatalogRefs,
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
let refs: CatalogRefs;

beforeAll(async () => {
  process.env.REGISTRATIONS_PER_HOUR = "100000";
  resetEnvCache();
  tokensBefore = await adminTokenCount();
  paidOrderId = (await order()).id;
  buyer = await newCustomer("hostile");
  await fillCart(buyer, buyer.id);
  refs = await catalogRefs();
});

async function mailAfter(orderId: string, kind: MailKind, afterId: number) {
  await flushAfterResponse();
  const mails = await (
    await getDb()
  )
    .select()
    .from(outgoingMail)
    .where(and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, kind), gt(outgoingMail.id, afterId)));
  return mails.at(-1);
}

async function lastMailId(): Promise<number> {
  const [last] = await (await getDb()).select({ id: outgoingMail.id }).from(outgoingMail).orderBy(desc(outgoingMail.id)).limit(1);
  return last?.id ?? 0;
}

function expectInertDelivered(mail: { id: number; subject: string; html: string | null } | undefined, label: string, text: string) {
  expect(mail, label).toBeDefined();
  if (!mail) return;
  expectInertMail(mail, text);
  const sent = deliveredMail(mail.id);
  expect(sent.split(/\r?\n\r?\n/)[0], label).not.toMatch(/^Bcc:/im);
  // A typed link placeholder is delivered as typed: only the mail's own nonce is swapped for a token.
  if (text.includes("~~link.")) expect(sent, label).toContain(text);
}

async function tryAll(field: Field): Promise<string[]> {
  const accepted: string[] = [];
  for (const [label, text] of HOSTILE) if (expectRefusedOrAccepted(field, label, await field.write(text))) accepted.push(label);
  return accepted;
}

describe("hostile text in the fields people write", () => {
  it("names and address lines (sign-up, account, checkout, the admin's address edit, staff invitations) keep only plain text", async () => {
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

  it("the catalogue's texts (articles, categories, prompts, slots, VAT rates) are refused with a field error or kept", async () => {
    for (const field of catalogFields(() => refs)) {
      const accepted = await tryAll(field);
      if (process.env.HOSTILE_REPORT) console.info(field.name, accepted.join(" | "));
      // The write must reach the field: a stripped key or an otherwise failing body would test nothing.
      expect(accepted, field.name).toContain("bare domain");
      expect(accepted, field.name).not.toContain("10,000 characters");
    }
    expect(await adminTokenCount()).toBe(tokensBefore);
  });

  it("a cancel reason of every kind reaches the customer's cancel mail inert", async () => {
    const db = await getDb();
    const cancelled = await order();
    const accepted: string[] = [];
    for (const [label, text] of HOSTILE) {
      const last = await lastMailId();
      const res = await admin("cancel", cancelled.id, { reason: text });
      if (!expectRefusedOrAccepted({ name: "reason", write: async () => res }, label, res)) continue;
      expect(res.status, label).toBe(200);
      accepted.push(label);
      expectInertDelivered(await mailAfter(cancelled.id, "cancelled", last), label, text);
      // Back to pending (paid, all refunded by the first cancel) for the next string: one order, not one per string.
      await db.update(orders).set({ status: "pending", cancelReason: null }).where(eq(orders.id, cancelled.id));
    }
    expect(accepted).toContain("bare domain");
    expect(accepted).not.toContain("10,000 characters");
    expect(await adminTokenCount()).toBe(tokensBefore);
  });

  it("a shop name of every kind is refused with a field error or reaches the receipt mail and the packing slip inert", async () => {
    const accepted: string[] = [];
    try {
      for (const [label, text] of HOSTILE) {
        const last = await lastMailId();
        if (!expectRefusedOrAccepted(brandField, label, await brandField.write(text))) continue;
        accepted.push(label);
        expect((await admin("resend-receipt", paidOrderId)).status, label).toBe(200);
        const receipt = await mailAfter(paidOrderId, "receipt", last);
        expectInertDelivered(receipt, label, text);
        expect(receipt?.subject, label).toContain(text.trim());
        const slip = await call(packingSlipRoute.GET, {
          path: `/api/admin/orders/${paidOrderId}/packing-slip`,
          params: { orderId: paidOrderId },
          cookie: await cookieFor("admin"),
        });
        expect(slip.status, label).toBe(200);
      }
    } finally {
      await brandField.write("MugMagic");
    }
    // Placeholders, markup and formulas are a name like any other; line breaks and links are not.
    expect(accepted).toEqual(expect.arrayContaining(["mustache", "ICU message", "script", "bare domain"]));
    expect(accepted).not.toContain("CR/LF header");
    expect(accepted).not.toContain("10,000 characters");
    expect(await adminTokenCount()).toBe(tokensBefore);
  });

  it("a carrier of every kind is refused with a field error or reaches the shipped mail inert", async () => {
    const db = await getDb();
    const shipped = await order();
    const accepted: string[] = [];
    for (const [label, text] of HOSTILE) {
      await db.update(orders).set({ status: "processing" }).where(eq(orders.id, shipped.id));
      const last = await lastMailId();
      const res = await admin("complete", shipped.id, { carrier: text });
      if (!expectRefusedOrAccepted({ name: "carrier", write: async () => res }, label, res)) continue;
      expect(res.status, label).toBe(200);
      accepted.push(label);
      expectInertDelivered(await mailAfter(shipped.id, "shipped", last), label, text);
    }
    expect(accepted).toContain("bare domain");
    expect(accepted).not.toContain("10,000 characters");
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
  afterEach(() => vi.restoreAllMocks());

  it("an article name with a formula, placeholders, a header break and markup: receipt inert, invoice renders, CSV text", async () => {
    const pick = (pattern: RegExp) => HOSTILE.filter(([label]) => pattern.test(label)).map(([, text]) => text);
    const name = [...pick(/formula =/), ...pick(/link placeholder|mustache|template|CR\/LF|script|attribute|bidi/)].join(" ");
    expect(name.length).toBeLessThanOrEqual(255);
    Object.assign(process.env, SELLER);
    resetEnvCache();
    const mugId = await seededMugId();
    const article = await getArticle(mugId);
    const renamed = await putArticle(mugId, updateBodyOf(article.body, { name }));
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const last = await lastMailId();
    const paid = await order();
    const receipt = await mailAfter(paid.id, "receipt", last);
    expectInertDelivered(receipt, "article name", name);
    expect(receipt?.html ?? "").not.toMatch(/<script|<img src=x/i);
    const pdf = await download(paid.id, "admin", undefined, true);
    expect(pdf.status, pdf.message).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const csv = await call<string>(exportRoute.GET, {
      path: `/api/admin/orders/export?q=${paid.orderNumber}`,
      cookie: await cookieFor("admin"),
    });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(`);
    expect(csv.body).not.toMatch(/(^|[,;]")=HYPERLINK/m);
  });

  it("a logged request keeps every hostile text on one JSON line: CR/LF cannot start a new log line", () => {
    const level = process.env.LOG_LEVEL;
    delete process.env.LOG_LEVEL;
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    try {
      for (const [, text] of HOSTILE) {
        const url = `http://localhost/api/admin/orders?q=${text}`;
        errorResponse(new Error(text), { requestId: "r1", locale: "en", method: "POST", url });
      }
    } finally {
      if (level !== undefined) process.env.LOG_LEVEL = level;
    }
    expect(lines).toHaveLength(HOSTILE.length);
    lines.forEach((line, i) => {
      const [label, text] = HOSTILE[i] ?? ["", ""];
      expect(line, label).not.toMatch(/[\r\n\u2028\u2029]/);
      const parsed = JSON.parse(line) as { msg: string; err: { message: string } };
      expect(parsed.msg, label).toBe("request failed");
      expect(parsed.err.message, label).toBe(text);
    });
  });

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
