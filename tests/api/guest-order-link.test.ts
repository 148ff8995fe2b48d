import { randomInt } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, isNull } from "drizzle-orm";
import * as orderRoute from "@/app/api/guest/orders/[token]/route";
import * as cancelRoute from "@/app/api/guest/orders/[token]/cancel/route";
import * as invoiceRoute from "@/app/api/guest/orders/[token]/invoice/route";
import * as imageRoute from "@/app/api/guest/orders/[token]/items/[itemId]/image/route";
import * as passwordRoute from "@/app/api/guest/orders/[token]/password/route";
import * as claimRoute from "@/app/api/user/account/claim/route";
import * as sessionRoute from "@/app/api/auth/session/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as registerRoute from "@/app/api/auth/register/route";
import * as confirmRoute from "@/app/api/auth/register/confirm/route";
import * as adminCompleteRoute from "@/app/api/admin/orders/[orderId]/complete/route";
import * as adminProcessRoute from "@/app/api/admin/orders/[orderId]/process/route";
import * as adminRefundRoute from "@/app/api/admin/orders/[orderId]/refund/route";
import { getDb } from "@/db/client";
import { orders, outgoingMail, users } from "@/db/schema";
import { orderLinkToken } from "@/lib/security/order-link";
import { resetEnvCache } from "@/lib/env";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { deliveredMail } from "../helpers/mail";
import { confirmationToken } from "../helpers/register";
import { TEST_USERS, tempDir } from "../helpers/test-db";
import {
  card,
  CARDS,
  checkoutBody,
  listOrders,
  newCustomer,
  paySandbox,
  placedOrder,
  userIdOf,
  type ErrorBody,
  type Lang,
} from "../helpers/orders";

const LINK_INVALID = "This link is invalid or has expired. Please request a new one.";
const DAY = 86_400_000;

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-guest-order-link-");
  for (const key of [
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "SMTP_URL",
    "AUTH_URL",
    "GUEST_ORDER_LINK_FAILURES_PER_HOUR",
  ])
    delete process.env[key];
  resetEnvCache();
});

afterEach(() => {
  delete process.env.GUEST_ORDER_LINK_FAILURES_PER_HOUR;
  delete process.env.AUTH_URL;
  resetEnvCache();
});

/** Each test calls from an address of its own, so the invalid-link counter of one test never limits another. */
let ip = `198.51.100.${randomInt(1, 250)}`;
const freshIp = () => (ip = `203.0.${randomInt(256)}.${randomInt(1, 250)}`);

type Opts = { cookie?: string; lang?: Lang; from?: string };
const headers = (o: Opts) => ({ "accept-language": o.lang ?? "en", "x-forwarded-for": o.from ?? ip });
const path = (token: string, rest = "") => `/api/guest/orders/${token}${rest}`;

const getOrder = (token: string, o: Opts = {}) =>
  call<GuestOrderDto & ErrorBody>(orderRoute.GET, { path: path(token), params: { token }, headers: headers(o), cookie: o.cookie });
const cancelOrder = (token: string, o: Opts = {}) =>
  call<GuestOrderDto & ErrorBody>(cancelRoute.POST, {
    method: "POST",
    path: path(token, "/cancel"),
    params: { token },
    headers: headers(o),
    cookie: o.cookie,
  });
const getInvoice = (token: string, invoiceId?: number, o: Opts = {}) =>
  call<ErrorBody>(invoiceRoute.GET, {
    path: path(token, `/invoice${invoiceId === undefined ? "" : `?invoiceId=${invoiceId}`}`),
    params: { token },
    headers: headers(o),
    cookie: o.cookie,
  });
const getImage = (token: string, itemId: number, o: Opts = {}) =>
  call<ErrorBody>(imageRoute.GET, {
    path: path(token, `/items/${itemId}/image`),
    params: { token, itemId: String(itemId) },
    headers: headers(o),
    cookie: o.cookie,
  });
type CheckMail = { checkMail?: boolean };
const setPassword = (token: string, body: unknown, o: Opts = {}) =>
  call<CheckMail & ErrorBody>(passwordRoute.POST, {
    method: "POST",
    path: path(token, "/password"),
    params: { token },
    body,
    headers: headers(o),
    cookie: o.cookie,
  });
const claim = (body: unknown, cookie?: string) =>
  call<CheckMail & ErrorBody>(claimRoute.POST, {
    method: "POST",
    path: "/api/user/account/claim",
    body,
    cookie,
    headers: { "x-forwarded-for": ip },
  });
/** The link mailed to the address, used with the password chosen (POST /api/auth/register/confirm). */
async function confirmMailed(email: string, password: string) {
  const token = await confirmationToken(email);
  expect(token, `no confirmation mailed to ${email}`).toBeTruthy();
  return call<{ authenticated: boolean; user: { email: string }; roles: string[] } & ErrorBody>(confirmRoute.POST, {
    method: "POST",
    path: "/api/auth/register/confirm",
    body: { token, password },
  });
}
const sessionOf = (cookie: string) =>
  call<{ authenticated: boolean; roles: string[]; user: { email: string } | null }>(sessionRoute.GET, {
    path: "/api/auth/session",
    cookie,
  });

type Buyer = Awaited<ReturnType<typeof newCustomer>>;

/** An order of a new guest (its own account, as a guest checkout makes one), paid unless told otherwise. */
async function guestOrder(opts: { paid?: boolean; lang?: Lang; buyer?: Buyer } = {}) {
  const lang = opts.lang ?? "en";
  const buyer = opts.buyer ?? (await newCustomer("guest"));
  const { order } = await placedOrder(buyer, buyer.id, {
    lang,
    body: checkoutBody({ contact: { email: buyer.email, firstName: "Gina", lastName: "Gast" } }),
  });
  if (opts.paid !== false) {
    const paid = await paySandbox(order.id, card(CARDS.ok), buyer, lang);
    expect(paid.body.status, JSON.stringify(paid.body)).toBe("succeeded");
  }
  return { id: order.id, orderNumber: order.orderNumber, buyer, token: orderLinkToken(order.id) };
}

async function mailsOf(orderId: string, kind?: "receipt" | "shipped" | "cancelled" | "refunded") {
  return (await getDb())
    .select()
    .from(outgoingMail)
    .where(kind ? and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, kind)) : eq(outgoingMail.orderId, orderId))
    .orderBy(asc(outgoingMail.id));
}

/** The token of the order link in the delivered mail's text; its HTML carries the same address (the stored row holds a placeholder). */
function linkIn(mail: { id: number }): string {
  const sent = deliveredMail(mail.id);
  const match = /View your order: http:\/\/localhost:3000\/order-status\/([A-Za-z0-9_-]+)/.exec(sent);
  expect(match, sent).not.toBeNull();
  const token = match?.[1] ?? "";
  expect(sent).toContain(`href="http://localhost:3000/order-status/${token}"`);
  return token;
}

async function admin(action: "process" | "complete" | "refund", orderId: string, body?: unknown) {
  const handler = { process: adminProcessRoute.POST, complete: adminCompleteRoute.POST, refund: adminRefundRoute.POST }[action];
  const res = await call<ErrorBody>(handler, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/${action}`,
    params: { orderId },
    body,
    cookie: await cookieFor("admin"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("access matrix", () => {
  let order: Awaited<ReturnType<typeof guestOrder>>;
  beforeAll(async () => {
    order = await guestOrder();
  });

  const roles: Role[] = ["anonymous", "customer", "other", "admin"];

  it.each(roles)(
    "the token is the key, whoever calls (%s): the order, its invoice and images open; a bad token → 404 'link invalid'",
    async (role) => {
      freshIp();
      const cookie = await cookieFor(role);
      const res = await getOrder(order.token, { cookie });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(order.id);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect((await getInvoice(order.token, undefined, { cookie })).status).toBe(200);
      const item = res.body.items[0];
      expect((await getImage(order.token, item?.id ?? 0, { cookie })).status).toBe(200);

      const bad = orderLinkToken(order.id).replace(/^./, (c) => (c === "A" ? "B" : "A"));
      for (const answer of [
        await getOrder(bad, { cookie }),
        await cancelOrder(bad, { cookie }),
        await getInvoice(bad, undefined, { cookie }),
        await getImage(bad, item?.id ?? 0, { cookie }),
        await setPassword(bad, { password: "a-new-password" }, { cookie }),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body.message).toBe(LINK_INVALID);
      }
    },
  );

  it("the guest's own session sees the same; a guest session of another order gets nothing extra from it", async () => {
    freshIp();
    const res = await getOrder(order.token, { cookie: order.buyer.cookie });
    expect(res.status).toBe(200);
    const stranger = await newCustomer("stranger");
    const other = await guestOrder({ buyer: stranger, paid: false });
    // A token names exactly one order: the other guest's token never opens this one.
    const theirs = await getOrder(other.token, { cookie: order.buyer.cookie });
    expect(theirs.body.id).toBe(other.id);
    expect(theirs.body.id).not.toBe(order.id);
  });

  it("POST /api/user/account/claim: anonymous 401, customer 409, admin 409, guest 202", async () => {
    expect((await claim({ password: "long-enough-1" })).status).toBe(401);
    for (const role of ["customer", "admin"] as const) {
      const res = await claim({ password: "long-enough-1" }, await cookieFor(role));
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^An account with this email already exists\./);
    }
    const guest = await newCustomer("claimer");
    const res = await claim({ password: "long-enough-1" }, guest.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  });
});

describe("token misuse", () => {
  it("expired, tampered, truncated, overlong, of an unknown order → 404 'link invalid' (in German too)", async () => {
    freshIp();
    const order = await guestOrder({ paid: false });
    const expired = orderLinkToken(order.id, new Date(Date.now() - 181 * DAY));
    const unknownOrder = orderLinkToken("7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21");
    const tampered = Buffer.from(order.token, "base64url");
    tampered[3] = (tampered[3] ?? 0) ^ 0x10; // another order id, the old signature
    for (const token of [
      expired,
      unknownOrder,
      tampered.toString("base64url"),
      order.token.slice(0, -2),
      `${order.token}xx`,
      "x".repeat(5000),
      "%00",
    ]) {
      const res = await getOrder(token);
      expect(res.status, token.slice(0, 60)).toBe(404);
      expect(res.body.message).toBe(LINK_INVALID);
    }
    const de = await getOrder(expired, { lang: "de" });
    expect(de.body.message).toBe("Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.");
    // A link made today is fine.
    expect((await getOrder(order.token)).status).toBe(200);
  });

  it("another order's line or credit note through this order's token → 404", async () => {
    freshIp();
    const mine = await guestOrder();
    const theirs = await guestOrder();
    await admin("refund", theirs.id, { reason: "broken" });
    const theirOrder = (await getOrder(theirs.token)).body;
    const note = theirOrder.creditNotes[0];
    expect(note).toBeDefined();
    expect((await getInvoice(theirs.token, note?.id)).status).toBe(200);
    expect((await getInvoice(mine.token, note?.id)).status).toBe(404);
    const theirItem = theirOrder.items[0]?.id ?? 0;
    expect((await getImage(theirs.token, theirItem)).status).toBe(200);
    expect((await getImage(mine.token, theirItem)).status).toBe(404);
  });

  it("past GUEST_ORDER_LINK_FAILURES_PER_HOUR invalid links an address gets 429 on every token route; other addresses do not", async () => {
    process.env.GUEST_ORDER_LINK_FAILURES_PER_HOUR = "3";
    resetEnvCache();
    const order = await guestOrder({ paid: false });
    const guesser = freshIp();
    for (let i = 0; i < 3; i++) expect((await getOrder(`${"A".repeat(47)}${i}`, { from: guesser })).status).toBe(404);
    const limited = await getOrder(`${"A".repeat(47)}9`, { from: guesser });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.body.message).toBe("Too many invalid order links were opened from your network. Please try again later.");
    // Even the right token is refused from there for the rest of the hour …
    expect((await getOrder(order.token, { from: guesser })).status).toBe(429);
    expect((await setPassword(order.token, { password: "a-new-password" }, { from: guesser })).status).toBe(429);
    // … while everyone else opens it.
    expect((await getOrder(order.token, { from: "192.0.2.77" })).status).toBe(200);
  });
});

describe("the order behind the link", () => {
  it("shows status, lines with colour names and token images, totals, addresses, tracking and documents", async () => {
    freshIp();
    const order = await guestOrder();
    await admin("process", order.id);
    await admin("complete", order.id, { carrier: "DHL", trackingNumber: "00340434161234567890" });
    const res = await getOrder(order.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      status: "shipped",
      paymentStatus: "paid",
      carrier: "DHL",
      trackingNumber: "00340434161234567890",
      cancellable: false,
      invoiceAvailable: true,
      canSetPassword: true,
      accountExists: false,
      shippingAddress: { city: "Berlin", postalCode: "10115", countryCode: "DE" },
    });
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ variantName: "White", quantity: 1 });
    expect(res.body.items[0]?.imageUrl).toBe(`/api/guest/orders/${order.token}/items/${res.body.items[0]?.id}/image`);
    const image = await getImage(order.token, res.body.items[0]?.id ?? 0);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(res.body.totalCents).toBe(res.body.subtotalCents + res.body.shippingCents);
  });

  it("invoice: an unpaid order has none (409, as on My orders); a paid one is a PDF", async () => {
    freshIp();
    const unpaid = await guestOrder({ paid: false });
    const none = await getInvoice(unpaid.token);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("No invoice has been issued for this order yet.");
    const paid = await guestOrder();
    const pdf = await getInvoice(paid.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="RE-\d{4}-\d{6}\.pdf"$/);
  });

  it("cancel is allowed only while pending: an unpaid order is cancelled (with a mail carrying the link); again → 409", async () => {
    freshIp();
    const order = await guestOrder({ paid: false });
    // Mail about a never-paid order goes only to a verified address.
    await (await getDb()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, order.buyer.id));
    const res = await cancelOrder(order.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", cancellable: false, paymentStatus: "unpaid" });
    const [mail] = await mailsOf(order.id, "cancelled");
    expect(mail).toBeDefined();
    if (mail) expect((await getOrder(linkIn(mail))).body.id).toBe(order.id);
    const again = await cancelOrder(order.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order can no longer be cancelled");
  });

  it("a paid pending order is refunded and cancelled; in production or shipped it can no longer be cancelled (409)", async () => {
    freshIp();
    const paid = await guestOrder();
    const res = await cancelOrder(paid.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(res.body.creditNotes).toHaveLength(1);
    expect((await getInvoice(paid.token, res.body.creditNotes[0]?.id)).status).toBe(200);

    const processing = await guestOrder();
    await admin("process", processing.id);
    const refused = await cancelOrder(processing.token);
    expect(refused.status).toBe(409);
    const [row] = await (await getDb()).select({ status: orders.status }).from(orders).where(eq(orders.id, processing.id));
    expect(row?.status).toBe("processing");
  });
});

describe("set a password from the link", () => {
  it("mails a confirmation link; used with the password it makes the guest a customer, signs in, keeps the order; then → 409", async () => {
    freshIp();
    const order = await guestOrder();
    const short = await setPassword(order.token, { password: "short" });
    expect(short.status).toBe(422);
    expect(short.body.errors?.password).toBe("Password must be at least 8 characters");
    expect((await setPassword(order.token, {})).status).toBe(422);

    const res = await setPassword(order.token, { password: "my-new-password" });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.checkMail).toBe(true);
    expect(res.headers.get("set-cookie")).toBeNull();
    // Nothing changes until the link mailed to the address is used: a forwarded order link proves no mailbox.
    expect((await sessionOf(order.buyer.cookie)).body).toMatchObject({ authenticated: true, roles: ["guest"] });
    expect((await getOrder(order.token)).body).toMatchObject({ canSetPassword: true, accountExists: false });

    const confirmed = await confirmMailed(order.buyer.email, "my-new-password");
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body).toMatchObject({ authenticated: true, user: { email: order.buyer.email }, roles: ["customer"] });
    const cookie = cookieFrom(confirmed);
    expect(cookie).toMatch(/^shop\.session-token=.+/);
    expect((await sessionOf(cookie)).body).toMatchObject({ authenticated: true, roles: ["customer"] });
    const mine = await listOrders({ cookie });
    expect(mine.body.map((o) => o.id)).toContain(order.id);
    // The old guest cookie of the browser that ordered has ended (the account changed).
    expect((await sessionOf(order.buyer.cookie)).body.authenticated).toBe(false);
    // Signing in with the new password works.
    const login = await call(loginRoute.POST, {
      method: "POST",
      path: "/api/auth/login",
      body: { email: order.buyer.email, password: "my-new-password" },
    });
    expect(login.status).toBe(200);

    const after = await getOrder(order.token);
    expect(after.body).toMatchObject({ canSetPassword: false, accountExists: true });
    const reused = await setPassword(order.token, { password: "another-password" });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toMatch(/^An account with this email already exists\./);
  });

  it("an order of a customer with a password, or a guest whose email has an account → no form, 409", async () => {
    freshIp();
    const customerId = await userIdOf(TEST_USERS.customer.email);
    const { order } = await placedOrder("customer", customerId);
    const token = orderLinkToken(order.id);
    expect((await getOrder(token)).body).toMatchObject({ canSetPassword: false, accountExists: true });
    expect((await setPassword(token, { password: "a-new-password" })).status).toBe(409);

    // A guest checkout with the email of an existing account.
    const reg = await call<ErrorBody>(registerRoute.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email: TEST_USERS.other.email, guest: true, firstName: "O", lastName: "G" },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const buyer = { cookie: cookieFrom(reg), email: TEST_USERS.other.email, id: 0 };
    const [guestRow] = await (
      await getDb()
    )
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, buyer.email), isNull(users.passwordHash)));
    buyer.id = guestRow?.id ?? 0;
    const o = await guestOrder({ buyer, paid: false });
    expect((await getOrder(o.token)).body).toMatchObject({ canSetPassword: false, accountExists: true });
    const refused = await setPassword(o.token, { password: "a-new-password" });
    expect(refused.status).toBe(409);
  });

  it("claim from the guest's own session (order success page): 202, the mailed link makes it a customer; then → 409", async () => {
    freshIp();
    const order = await guestOrder();
    const res = await claim({ password: "success-page-pass" }, order.buyer.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ checkMail: true, message: expect.stringMatching(/^Please check your mailbox/) });
    expect(res.headers.get("set-cookie")).toBeNull();
    const confirmed = await confirmMailed(order.buyer.email, "success-page-pass");
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.roles).toEqual(["customer"]);
    const cookie = cookieFrom(confirmed);
    expect((await listOrders({ cookie })).body.map((o) => o.id)).toContain(order.id);
    expect((await claim({ password: "success-page-pass" }, cookie)).status).toBe(409);
    expect((await claim({ password: "x" }, (await newCustomer("short")).cookie)).status).toBe(422);
  });
});

describe("order mails carry the link and colour names", () => {
  it("receipt, shipped and refunded mails of a guest order: a working link, the invitation, the colour's name — never a colour code", async () => {
    freshIp();
    const order = await guestOrder();
    await admin("process", order.id);
    await admin("complete", order.id, { carrier: "DHL", trackingNumber: "123" });
    await admin("refund", order.id, { reason: "goodwill", amountCents: 100 });
    for (const kind of ["receipt", "shipped", "refunded"] as const) {
      const [mail] = await mailsOf(order.id, kind);
      expect(mail, kind).toBeDefined();
      if (!mail) continue;
      const token = linkIn(mail);
      const opened = await getOrder(token);
      expect(opened.status).toBe(200);
      expect(opened.body.id).toBe(order.id);
      expect(mail.text).toContain("View your order: http://localhost:3000/order-status/");
      expect(mail.text).toContain("You ordered as a guest: on that page you can set a password");
      expect(mail.text).not.toMatch(/#[0-9a-f]{6}/i);
      expect(mail.html ?? "").not.toContain("inside #");
    }
    const [receipt] = await mailsOf(order.id, "receipt");
    expect(receipt?.text).toMatch(/1 × .+ \(White\)/);
    expect(receipt?.text).not.toContain("inside");
  });

  it("a German order: 'Bestellung ansehen', the German colour name; AUTH_URL is the base of the link", async () => {
    process.env.AUTH_URL = "https://shop.example.com/";
    resetEnvCache();
    freshIp();
    const order = await guestOrder({ lang: "de" });
    const [receipt] = await mailsOf(order.id, "receipt");
    expect(receipt?.text).toContain("Bestellung ansehen: https://shop.example.com/order-status/");
    expect(deliveredMail(receipt?.id ?? 0)).toMatch(
      /Bestellung ansehen: https:\/\/shop\.example\.com\/order-status\/[A-Za-z0-9_-]{54}\r?\n/,
    );
    expect(receipt?.text).toMatch(/\(Weiß\)/);
    expect(receipt?.text).toContain("Du hast als Gast bestellt");
    expect(receipt?.html).toContain('href="https://shop.example.com/order-status/');
  });

  it("a customer's order mail has the link but no invitation", async () => {
    freshIp();
    const buyer = await newCustomer("member", { password: true });
    const order = await guestOrder({ buyer });
    const [receipt] = await mailsOf(order.id, "receipt");
    expect(receipt).toBeDefined();
    if (!receipt) return;
    expect((await getOrder(linkIn(receipt))).body.id).toBe(order.id);
    expect(receipt.text).not.toContain("You ordered as a guest");
    expect(receipt.text).toContain("You can see your order under My orders.");
  });
});
