import { randomBytes, randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { authTokens, outgoingMail, pendingRegistrations } from "@/db/schema";
import * as forgot from "@/app/api/auth/password/forgot/route";
import * as register from "@/app/api/auth/register/route";
import * as confirm from "@/app/api/auth/register/confirm/route";
import * as loginLink from "@/app/api/auth/login-link/route";
import * as useLink from "@/app/api/auth/login-link/use/route";
import * as orderRoute from "@/app/api/guest/orders/[token]/route";
import { verifyOrderLinkToken } from "@/lib/security/order-link";
import { resetEnvCache } from "@/lib/env";
import { hashToken, peekToken } from "@/lib/services/link-tokens/account";
import { resendMail } from "@/lib/services/mail";
import { recordMailOutcome } from "@/lib/services/orders/core/events";
import { call } from "../helpers/api";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { deliveredMail } from "../helpers/mail";
import { registerCustomer } from "../helpers/register";
import { tempDir } from "../helpers/test-db";
import { card, CARDS, checkoutBody, newCustomer, paySandbox, placedOrder } from "../helpers/orders";

const runTag = randomBytes(3).toString("hex");
const freshIp = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-stored-mail-links-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  for (const key of ["SMTP_URL", "AUTH_URL", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"])
    delete process.env[key];
  resetEnvCache();
});

async function mailRow(where: ReturnType<typeof eq>) {
  const [row] = await (await getDb()).select().from(outgoingMail).where(where).orderBy(desc(outgoingMail.id)).limit(1);
  if (!row) throw new Error("no mail row");
  return row;
}

/** Every base64url run of 20+ characters in a text: anything that could be a token. */
const candidates = (text: string) => text.match(/[A-Za-z0-9_-]{20,}/g) ?? [];

async function noUsableResetToken(text: string): Promise<void> {
  const db = await getDb();
  for (const c of candidates(text)) {
    expect(await peekToken(db, c), c).toBeNull();
    expect(await db.$count(authTokens, eq(authTokens.tokenHash, hashToken(c))), c).toBe(0);
  }
}

/** No token-looking string of the text is the hash of a sign-in/password token or of a pending sign-up. */
async function noStoredToken(text: string): Promise<void> {
  const db = await getDb();
  for (const c of candidates(text)) {
    expect(await db.$count(authTokens, eq(authTokens.tokenHash, hashToken(c))), c).toBe(0);
    expect(await db.$count(pendingRegistrations, eq(pendingRegistrations.tokenHash, hashToken(c))), c).toBe(0);
  }
}

function noUsableOrderLink(text: string): void {
  for (const c of candidates(text)) expect(verifyOrderLinkToken(c), c).toBeNull();
}

describe("stored mails hold no usable link", () => {
  it("a password link mail: the stored row has a placeholder, the delivered mail a working link", async () => {
    const email = `links-${runTag}@test.local`;
    const reg = await registerCustomer({ email, password: "a-good-password", firstName: "Lia", lastName: "Link" }, { ip: freshIp() });
    expect(reg.status).toBe(201);
    const res = await call(forgot.POST, {
      method: "POST",
      path: "/api/auth/password/forgot",
      body: { email },
      headers: { "x-forwarded-for": freshIp(), "accept-language": "en" },
    });
    expect(res.status).toBe(202);
    await flushAfterResponse(); // the mail is written and sent after the answer
    const row = await mailRow(eq(outgoingMail.to, email));
    expect(row.status).toBe("sent");
    expect(row.text).toContain("/reset-password?token=");
    await noUsableResetToken(`${row.text}\n${row.html ?? ""}`);
    const sent = deliveredMail(row.id);
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(sent)?.[1];
    expect(token, sent).toBeTruthy();
    expect(await peekToken(await getDb(), token ?? "")).not.toBeNull();
  });

  it("order mails: no signed order link in the stored row; the delivered receipt opens the order; an admin's resend gets a fresh working link", async () => {
    const buyer = await newCustomer(`links-buyer-${runTag}`);
    const { order } = await placedOrder(buyer, buyer.id, { body: checkoutBody() });
    expect((await paySandbox(order.id, card(CARDS.ok), buyer)).body.status).toBe("succeeded");
    const receipt = await mailRow(eq(outgoingMail.orderId, order.id));
    expect(receipt.text).toContain("/order-status/");
    noUsableOrderLink(`${receipt.text}\n${receipt.html ?? ""}`);
    const token = /\/order-status\/([A-Za-z0-9_-]{54})/.exec(deliveredMail(receipt.id))?.[1] ?? "";
    expect(verifyOrderLinkToken(token)?.orderId).toBe(order.id);
    const opened = await call<{ id: string }>(orderRoute.GET, { path: `/api/guest/orders/${token}`, params: { token } });
    expect(opened.status).toBe(200);

    const copy = await resendMail(receipt.id, recordMailOutcome);
    expect(copy.status).toBe("sent");
    const copyRow = await mailRow(eq(outgoingMail.id, copy.id));
    noUsableOrderLink(`${copyRow.text}\n${copyRow.html ?? ""}`);
    const again = /\/order-status\/([A-Za-z0-9_-]{54})/.exec(deliveredMail(copy.id))?.[1] ?? "";
    expect(verifyOrderLinkToken(again)?.orderId).toBe(order.id);
  });

  it("a sign-in link mail: the stored row has a placeholder, the delivered mail a working sign-in link", async () => {
    const email = `sign-in-${runTag}@test.local`;
    expect((await registerCustomer({ email, password: "a-good-password", firstName: "Sina" }, { ip: freshIp() })).status).toBe(201);
    const res = await call(loginLink.POST, {
      method: "POST",
      path: "/api/auth/login-link",
      body: { email },
      headers: { "x-forwarded-for": freshIp(), "accept-language": "en" },
    });
    expect(res.status).toBe(202);
    await flushAfterResponse(); // the mail is written and sent after the answer
    const row = await mailRow(eq(outgoingMail.to, email));
    expect(row.status).toBe("sent");
    expect(row.text).toContain("/sign-in-link?token=");
    await noStoredToken(`${row.text}\n${row.html ?? ""}`);
    const token = /sign-in-link\?token=([A-Za-z0-9_-]{43})/.exec(deliveredMail(row.id))?.[1] ?? "";
    const used = await call<{ user: { email: string } | null }>(useLink.POST, {
      method: "POST",
      path: "/api/auth/login-link/use",
      body: { token },
    });
    expect(used.status).toBe(200);
    expect(used.body.user?.email).toBe(email);
  });

  it("a sign-up confirmation mail: no usable token stored; the newest delivered link confirms, an older one no longer; a send without its sign-up fails", async () => {
    const email = `confirm-${runTag}@test.local`;
    const res = await call(register.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email, password: "a-good-password", firstName: "Cora" },
      headers: { "x-forwarded-for": freshIp(), "accept-language": "en" },
    });
    expect(res.status).toBe(202);
    await flushAfterResponse();
    const row = await mailRow(eq(outgoingMail.to, email));
    expect(row.status).toBe("sent");
    expect(row.text).toContain("/confirm-registration?token=");
    await noStoredToken(`${row.text}\n${row.html ?? ""}`);
    const linkToken = (mailId: number) => /confirm-registration\?token=([A-Za-z0-9_-]{43})/.exec(deliveredMail(mailId))?.[1] ?? "";
    const first = linkToken(row.id);
    expect(first).not.toBe("");

    const copy = await resendMail(row.id, recordMailOutcome);
    expect(copy.status).toBe("sent");
    const copyRow = await mailRow(eq(outgoingMail.id, copy.id));
    await noStoredToken(`${copyRow.text}\n${copyRow.html ?? ""}`);
    const newest = linkToken(copy.id);
    expect(newest).not.toBe(first);
    const postConfirm = (token: string) =>
      call<{ user: { email: string } | null }>(confirm.POST, {
        method: "POST",
        path: "/api/auth/register/confirm",
        body: { token, password: "a-good-password" },
      });
    expect((await postConfirm(first)).status).toBe(404);
    const confirmed = await postConfirm(newest);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.user?.email).toBe(email);

    // The sign-up became the account: a resend of its confirmation has no link to make.
    expect((await resendMail(row.id, recordMailOutcome)).status).toBe("failed");
  });

  it("the migrations put the mail's own placeholder into order mails stored earlier; typed placeholders go; unused tokens retire", async () => {
    const buyer = await newCustomer(`links-legacy-${runTag}`);
    const { order } = await placedOrder(buyer, buyer.id, { body: checkoutBody() });
    const db = await getDb();
    const legacy = "A".repeat(48);
    const [row] = await db
      .insert(outgoingMail)
      .values({
        to: order.email,
        subject: "Earlier mail",
        orderId: order.id,
        text: `Hello ~~sign-in-token.1~~ ~~order-link-token~~\nView: https://shop.example.com/order-status/${legacy}\nBye`,
        html: `<a href="https://shop.example.com/order-status/${legacy}">/order-status/${legacy}</a>`,
      })
      .returning({ id: outgoingMail.id });
    const [reset] = await db
      .insert(authTokens)
      .values({
        userId: buyer.id,
        purpose: "password_reset",
        tokenHash: hashToken(`legacy-${runTag}`),
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    const statements = (file: string) =>
      fs
        .readFileSync(path.join(process.cwd(), "db/migrations", file), "utf8")
        .split("--> statement-breakpoint")
        .filter((s) => !/^\s*ALTER TABLE/.test(s));
    for (const statement of [...statements("0019_stored_mail_link_placeholders.sql"), ...statements("0027_mail_link_columns.sql")])
      await db.execute(sql.raw(statement));
    const [after] = await db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.id, row?.id ?? 0));
    const placeholder = `~~link.${after?.linkNonce}~~`;
    expect(after?.linkKind).toBe("order_status");
    expect(after?.linkNonce).toMatch(/^[0-9a-f]{32}$/);
    expect(after?.text).toBe(`Hello  \nView: https://shop.example.com/order-status/${placeholder}\nBye`);
    expect(after?.html).toBe(`<a href="https://shop.example.com/order-status/${placeholder}">/order-status/${placeholder}</a>`);
    expect(
      (
        await db
          .select()
          .from(authTokens)
          .where(eq(authTokens.id, reset?.id ?? 0))
      )[0]?.usedAt,
    ).not.toBeNull();
    await resendMail(row?.id ?? 0, recordMailOutcome);
    const [copy] = await db.select().from(outgoingMail).where(eq(outgoingMail.to, order.email)).orderBy(desc(outgoingMail.id)).limit(1);
    const token = /\/order-status\/([A-Za-z0-9_-]{54})/.exec(deliveredMail(copy?.id ?? 0))?.[1] ?? "";
    expect(verifyOrderLinkToken(token)?.orderId).toBe(order.id);
  });
});
