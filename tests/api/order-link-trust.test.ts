import { createHmac, hkdfSync, randomInt } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import * as claimRoute from "@/app/api/user/account/claim/route";
import * as passwordRoute from "@/app/api/guest/orders/[token]/password/route";
import * as orderRoute from "@/app/api/guest/orders/[token]/route";
import * as registerRoute from "@/app/api/auth/register/route";
import * as resetRoute from "@/app/api/auth/password/reset/route";
import * as confirmRoute from "@/app/api/auth/register/confirm/route";
import * as sessionRoute from "@/app/api/auth/session/route";
import * as imagesRoute from "@/app/api/user/images/route";
import * as cartRoute from "@/app/api/user/cart/route";
import * as cancelRoute from "@/app/api/guest/orders/[token]/cancel/route";
import * as invoiceRoute from "@/app/api/guest/orders/[token]/invoice/route";
import * as imageRoute from "@/app/api/guest/orders/[token]/items/[itemId]/image/route";
import * as revokeRoute from "@/app/api/admin/orders/[orderId]/revoke-links/route";
import * as adminProcessRoute from "@/app/api/admin/orders/[orderId]/process/route";
import * as adminCompleteRoute from "@/app/api/admin/orders/[orderId]/complete/route";
import { getDb } from "@/db/client";
import { addresses, carts, cartItems, generations, images, orderEvents, orders, outgoingMail, users } from "@/db/schema";
import { orderLinkToken } from "@/lib/security/order-link";
import { authSecret, resetEnvCache } from "@/lib/env";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import { issueResetToken } from "@/lib/services/link-tokens/account";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { deliveredMail } from "../helpers/mail";
import { confirmationToken } from "../helpers/register";
import { tempDir } from "../helpers/test-db";
import { card, CARDS, checkoutBody, fillCart, listOrders, newCustomer, paySandbox, placedOrder, type ErrorBody } from "../helpers/orders";

const ENV_KEYS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "SMTP_URL",
  "AUTH_URL",
  "GUEST_ORDER_LINK_FAILURES_PER_HOUR",
  "GUEST_ORDER_LINK_WRITE_DAYS",
  "GUEST_ORDER_LINK_CLAIM_DAYS",
  "GUEST_ORDER_LINK_REQUESTS_PER_HOUR",
];
const DAY = 86_400_000;
const LINK_INVALID = "This link is invalid or has expired. Please request a new one.";
const WRITE_EXPIRED =
  "This link can still show the order, but it is too old to change it. Please sign in, or use the link from your most recent order email.";
const WRITE_EXPIRED_DE =
  "Dieser Link zeigt die Bestellung weiterhin an, ist aber zu alt, um sie zu ändern. Bitte melde dich an oder nutze den Link aus deiner neuesten Bestell-E-Mail.";
const NO_CLAIM =
  "A password can no longer be set with this link. Use “Forgot password” with your email address: we will send you a link to set one.";

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-order-link-trust-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  for (const key of ENV_KEYS) delete process.env[key];
  resetEnvCache();
});

afterEach(() => {
  for (const key of ENV_KEYS.slice(5)) delete process.env[key];
  resetEnvCache();
});

const setEnv = (vars: Record<string, string>) => {
  Object.assign(process.env, vars);
  resetEnvCache();
};

const freshIp = () => `203.0.${randomInt(256)}.${randomInt(1, 250)}`;
type SessionBody = { authenticated: boolean; user: { id: number; email: string } | null; roles: string[] };

const register = (body: Record<string, unknown>) =>
  call<SessionBody & ErrorBody>(registerRoute.POST, {
    method: "POST",
    path: "/api/auth/register",
    body,
    headers: { "x-forwarded-for": freshIp() },
  });
const claim = (password: string, cookie: string) =>
  call<SessionBody & ErrorBody>(claimRoute.POST, {
    method: "POST",
    path: "/api/user/account/claim",
    body: { password },
    cookie,
    headers: { "x-forwarded-for": freshIp() },
  });
const setPassword = (token: string, password: string) =>
  call<SessionBody & ErrorBody>(passwordRoute.POST, {
    method: "POST",
    path: `/api/guest/orders/${token}/password`,
    params: { token },
    body: { password },
    headers: { "x-forwarded-for": freshIp() },
  });
const getGuestOrder = (token: string, lang = "en", from = freshIp()) =>
  call<GuestOrderDto & ErrorBody>(orderRoute.GET, {
    path: `/api/guest/orders/${token}`,
    params: { token },
    headers: { "x-forwarded-for": from, "accept-language": lang },
  });
const cancelGuestOrder = (token: string, lang = "en") =>
  call<GuestOrderDto & ErrorBody>(cancelRoute.POST, {
    method: "POST",
    path: `/api/guest/orders/${token}/cancel`,
    params: { token },
    headers: { "x-forwarded-for": freshIp(), "accept-language": lang },
  });
const getInvoice = (token: string) =>
  call<ErrorBody>(invoiceRoute.GET, {
    path: `/api/guest/orders/${token}/invoice`,
    params: { token },
    headers: { "x-forwarded-for": freshIp() },
  });
const getImage = (token: string, itemId: number) =>
  call<ErrorBody>(imageRoute.GET, {
    path: `/api/guest/orders/${token}/items/${itemId}/image`,
    params: { token, itemId: String(itemId) },
    headers: { "x-forwarded-for": freshIp() },
  });
const revokeLinks = async (orderId: string, role: Role = "admin") =>
  call<ErrorBody & { linkVersion: number }>(revokeRoute.POST, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/revoke-links`,
    params: { orderId },
    cookie: await cookieFor(role),
  });
async function adminAction(action: "process" | "complete", orderId: string, body?: unknown) {
  const handler = { process: adminProcessRoute.POST, complete: adminCompleteRoute.POST }[action];
  const res = await call<ErrorBody>(handler, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/${action}`,
    params: { orderId },
    body,
    cookie: await cookieFor("admin"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** An order of a new guest whose contact email is the account's, paid unless told otherwise. */
async function guestOrder(opts: { paid?: boolean; contactEmail?: string } = {}) {
  const buyer = await newCustomer("guest");
  const { order } = await placedOrder(buyer, buyer.id, {
    body: checkoutBody({ contact: { email: opts.contactEmail ?? buyer.email, firstName: "Gina", lastName: "Gast" } }),
  });
  if (opts.paid !== false) {
    const paid = await paySandbox(order.id, card(CARDS.ok), buyer);
    expect(paid.body.status, JSON.stringify(paid.body)).toBe("succeeded");
  }
  return { id: order.id, buyer, token: orderLinkToken(order.id) };
}

const statusOf = async (orderId: string) =>
  (await (await getDb()).select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const postReset = (token: string, password: string) =>
  call<SessionBody & ErrorBody>(resetRoute.POST, { method: "POST", path: "/api/auth/password/reset", body: { token, password } });
/** The confirmation link mailed to the address, used with the password chosen. */
const confirmMailed = async (email: string, password: string) =>
  call<SessionBody & ErrorBody>(confirmRoute.POST, {
    method: "POST",
    path: "/api/auth/register/confirm",
    body: { token: (await confirmationToken(email)) ?? "", password },
  });
const hasPassword = async (email: string) =>
  (await (await getDb()).select({ hash: users.passwordHash }).from(users).where(eq(users.email, email))).some((u) => u.hash !== null);
const sessionOf = async (cookie: string) => (await call<SessionBody>(sessionRoute.GET, { path: "/api/auth/session", cookie })).body;

/** The link a "forgot password" mail carries for the account (issued as requestPasswordLink does). */
async function mailedResetToken(userId: number): Promise<string> {
  const db = await getDb();
  return db.transaction((tx) => issueResetToken(tx, userId));
}

/** A guest customer with a paid-for-nothing order, a cart line, a saved address and a generation: everything an attacker would want. */
async function victimGuest(email?: string) {
  const buyer = email ? await guestOf(email) : await newCustomer("victim");
  const { order } = await placedOrder(buyer, buyer.id, {
    body: checkoutBody({ contact: { email: buyer.email, firstName: "Vera", lastName: "Victim" } }),
  });
  await fillCart(buyer, buyer.id);
  const db = await getDb();
  await db.insert(addresses).values({
    userId: buyer.id,
    kind: "shipping",
    firstName: "Vera",
    lastName: "Victim",
    street1: "Geheimweg 1",
    city: "Berlin",
    postalCode: "10115",
    countryCode: "DE",
  });
  await db.insert(generations).values({ userId: buyer.id, provider: "fake", model: "fake", promptText: "my cat", status: "SUCCEEDED" });
  return { ...buyer, orderId: order.id, token: orderLinkToken(order.id) };
}

/** Another guest account of the email (a guest checkout makes one per order). */
async function guestOf(email: string) {
  const res = await register({ email, guest: true, firstName: "Gina", lastName: "Gast" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { cookie: cookieFrom(res), id: res.body.user?.id ?? 0, email };
}

/** Every row of the account: orders, images, generations, addresses, cart lines. */
async function rowsOf(userId: number) {
  const db = await getDb();
  const ids = async <T extends { id: number | string }>(rows: Promise<T[]>) => (await rows).map((r) => r.id).sort();
  const cartIds = (await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))).map((c) => c.id);
  return {
    orders: await ids(db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
    images: await ids(db.select({ id: images.id }).from(images).where(eq(images.ownerId, userId))),
    generations: await ids(db.select({ id: generations.id }).from(generations).where(eq(generations.userId, userId))),
    addresses: await ids(db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId))),
    cartItems: cartIds.length ? await ids(db.select({ id: cartItems.id }).from(cartItems).where(inArray(cartItems.cartId, cartIds))) : [],
  };
}

/** What the account's session sees through the API: its orders, images and cart. */
async function seenBy(cookie: string) {
  const list = await listOrders({ cookie });
  const imgs = await call<{ id: number }[]>(imagesRoute.GET, { path: "/api/user/images", cookie });
  const cart = await call<{ items: unknown[] }>(cartRoute.GET, { path: "/api/user/cart", cookie });
  expect([list.status, imgs.status, cart.status]).toEqual([200, 200, 200]);
  return { orders: list.body.map((o) => o.id), images: imgs.body.map((i) => i.id), cartItems: cart.body.items.length };
}

describe("an account belongs to whoever proves the mailbox", () => {
  it("a stranger who registers a guest session with the victim's email and claims it sets no password and gets nothing of the victim's", async () => {
    const victim = await victimGuest();
    const before = await rowsOf(victim.id);
    expect(before.orders).toHaveLength(1);
    expect(before.generations).toHaveLength(1);
    expect(before.addresses).toHaveLength(1);
    expect(before.cartItems).toHaveLength(1);

    const attacker = await guestOf(victim.email);
    const claimed = await claim("attacker-password", attacker.cookie);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(202);
    expect(claimed.headers.get("set-cookie")).toBeNull();
    expect(await hasPassword(victim.email)).toBe(false);

    expect(await seenBy(attacker.cookie)).toEqual({ orders: [], images: [], cartItems: 0 });
    expect(await rowsOf(attacker.id)).toEqual({ orders: [], images: [], generations: [], addresses: [], cartItems: [] });
    // The victim's guest account keeps every row; its session still works.
    expect(await rowsOf(victim.id)).toEqual(before);
    expect((await sessionOf(victim.cookie)).authenticated).toBe(true);
    expect(await seenBy(victim.cookie)).toMatchObject({ orders: [victim.orderId], cartItems: 1 });
    // The victim's order link still offers the victim to set a password.
    expect((await getGuestOrder(victim.token)).body).toMatchObject({ canSetPassword: true, accountExists: false });
  });

  it("the mailbox owner wins: the mailed link merges the guest accounts, ends the claimer's sessions and marks the email verified", async () => {
    const victim = await victimGuest();
    const before = await rowsOf(victim.id);
    const attacker = await guestOf(victim.email);
    expect((await claim("attacker-password", attacker.cookie)).status).toBe(202);

    // "Forgot password" mails the link to the email's oldest guest account; only the mailbox holds it.
    const reset = await postReset(await mailedResetToken(victim.id), "owner-password-1");
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await sessionOf(attacker.cookie)).authenticated).toBe(false);
    const ownerCookie = cookieFrom(reset);
    expect(await seenBy(ownerCookie)).toMatchObject({ orders: [victim.orderId], cartItems: 1 });
    expect((await rowsOf(victim.id)).orders).toEqual(before.orders);
    expect(await (await getDb()).select().from(users).where(eq(users.id, attacker.id))).toHaveLength(0);
    const [row] = await (await getDb()).select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, victim.id));
    expect(row?.verified).toBeInstanceOf(Date);
  });

  it("a forwarded order link's set-password only mails the address; its confirmation merges the email's guest accounts", async () => {
    const victim = await victimGuest();
    const second = await victimGuest(victim.email);

    const res = await setPassword(second.token, "forwarded-link-pass");
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await hasPassword(victim.email)).toBe(false);
    expect((await rowsOf(second.id)).orders).toEqual([second.orderId]);

    const confirmed = await confirmMailed(victim.email, "forwarded-link-pass");
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const kept = confirmed.body.user?.id ?? 0;
    expect((await rowsOf(kept)).orders.sort()).toEqual([victim.orderId, second.orderId].sort());
    expect(await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, victim.email))).toEqual([{ id: kept }]);
    const [row] = await (await getDb()).select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, kept));
    expect(row?.verified).toBeInstanceOf(Date);
  });

  it("a guest session of an email without other accounts becomes a customer account once the mailed link is used", async () => {
    const guest = await victimGuest();
    const res = await claim("my-own-password", guest.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const confirmed = await confirmMailed(guest.email, "my-own-password");
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.roles).toEqual(["customer"]);
    expect(await seenBy(cookieFrom(confirmed))).toMatchObject({ orders: [guest.orderId], cartItems: 1 });
  });
});

describe("the order link's set-password and write actions", () => {
  it("set a password is offered (page and mail) and accepted only when the order's email is the account's email", async () => {
    const order = await guestOrder({ contactEmail: `someone-else-${randomInt(1e9)}@example.com` });
    expect((await getGuestOrder(order.token)).body).toMatchObject({ canSetPassword: false, accountExists: false });
    const [receipt] = await (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.orderId, order.id));
    expect(receipt?.text).toContain("View your order: http://localhost:3000/order-status/");
    expect(receipt?.text).not.toContain("You ordered as a guest");
    const refused = await setPassword(order.token, "not-my-mailbox-1");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NO_CLAIM);
    const [owner] = await (await getDb()).select({ hash: users.passwordHash }).from(users).where(eq(users.id, order.buyer.id));
    expect(owner?.hash).toBeNull();
  });

  it(`set a password only for GUEST_ORDER_LINK_CLAIM_DAYS (default 7) after the order was placed`, async () => {
    const order = await guestOrder({ paid: false });
    const placedAgo = async (days: number) =>
      (await getDb())
        .update(orders)
        .set({ createdAt: new Date(Date.now() - days * DAY) })
        .where(eq(orders.id, order.id));
    await placedAgo(8);
    expect((await getGuestOrder(order.token)).body.canSetPassword).toBe(false);
    const late = await setPassword(order.token, "too-late-password");
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(NO_CLAIM);
    setEnv({ GUEST_ORDER_LINK_CLAIM_DAYS: "10" });
    expect((await getGuestOrder(order.token)).body.canSetPassword).toBe(true);
    delete process.env.GUEST_ORDER_LINK_CLAIM_DAYS;
    resetEnvCache();
    await placedAgo(6);
    expect((await getGuestOrder(order.token)).body.canSetPassword).toBe(true);
    expect((await setPassword(order.token, "in-time-password")).status).toBe(202);
  });

  it("cancel and set-password expire GUEST_ORDER_LINK_WRITE_DAYS (default 14) after the link was made; viewing goes on", async () => {
    const order = await guestOrder({ paid: false });
    const old = orderLinkToken(order.id, new Date(Date.now() - 15 * DAY));
    const view = await getGuestOrder(old);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id: order.id, status: "pending", cancellable: false, canSetPassword: false, actionsExpired: true });
    for (const res of [await cancelGuestOrder(old), await setPassword(old, "old-link-password")]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(WRITE_EXPIRED);
    }
    expect((await cancelGuestOrder(old, "de")).body.message).toBe(WRITE_EXPIRED_DE);
    expect(await statusOf(order.id)).toBe("pending");
    // Configurable: with 20 days the same link may still act.
    setEnv({ GUEST_ORDER_LINK_WRITE_DAYS: "20" });
    expect((await getGuestOrder(old)).body).toMatchObject({ cancellable: true, actionsExpired: false });
    delete process.env.GUEST_ORDER_LINK_WRITE_DAYS;
    resetEnvCache();
    // A link from a later mail (13 days old) still cancels.
    const recent = orderLinkToken(order.id, new Date(Date.now() - 13 * DAY));
    expect((await getGuestOrder(recent)).body).toMatchObject({ cancellable: true, canSetPassword: true, actionsExpired: false });
    const cancelled = await cancelGuestOrder(recent);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await statusOf(order.id)).toBe("cancelled");
  });
});

describe("link version: the admin revokes an order's links", () => {
  it.each(["anonymous", "customer", "other"] as const)(
    "POST /api/admin/orders/{orderId}/revoke-links as %s → refused, nothing changes",
    async (role) => {
      const order = await guestOrder({ paid: false });
      const res = await revokeLinks(order.id, role);
      expect(res.status).toBe(role === "anonymous" ? 401 : 403);
      expect((await getGuestOrder(order.token)).status).toBe(200);
    },
  );

  it("as the order's own guest → 403; unknown or malformed order id → 404", async () => {
    const order = await guestOrder({ paid: false });
    const own = await call<ErrorBody>(revokeRoute.POST, {
      method: "POST",
      path: `/api/admin/orders/${order.id}/revoke-links`,
      params: { orderId: order.id },
      cookie: order.buyer.cookie,
    });
    expect(own.status).toBe(403);
    for (const id of ["7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21", "not-a-uuid"]) expect((await revokeLinks(id)).status).toBe(404);
  });

  it("as admin: old links (new and earlier layout) answer like an unknown link and count as failures; the timeline records it; later mails carry the new version", async () => {
    const order = await guestOrder();
    const legacy = legacyToken(order.id);
    expect((await getGuestOrder(legacy)).body.id).toBe(order.id);

    const res = await revokeLinks(order.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.linkVersion).toBe(2);
    const [row] = await (await getDb()).select({ linkVersion: orders.linkVersion }).from(orders).where(eq(orders.id, order.id));
    expect(row?.linkVersion).toBe(2);
    const events = await (await getDb()).select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.type === "links_revoked")).toEqual([
      expect.objectContaining({ actor: "admin", data: { linkVersion: 2 } }),
    ]);

    setEnv({ GUEST_ORDER_LINK_FAILURES_PER_HOUR: "2" });
    const from = freshIp();
    for (const token of [order.token, legacy]) {
      const old = await getGuestOrder(token, "en", from);
      expect(old.status).toBe(404);
      expect(old.body.message).toBe(LINK_INVALID);
    }
    for (const old of [
      await cancelGuestOrder(order.token),
      await setPassword(order.token, "revoked-link-pw"),
      await getInvoice(order.token),
    ]) {
      expect(old.status).toBe(404);
      expect(old.body.message).toBe(LINK_INVALID);
    }
    // Both counted: the address that tried them is now refused.
    expect((await getGuestOrder(orderLinkToken(order.id, new Date(), 2), "en", from)).status).toBe(429);

    // The admin's next action mails a link of the new version, and it opens the order.
    await adminAction("process", order.id);
    await adminAction("complete", order.id, { carrier: "DHL", trackingNumber: "123" });
    const mails = await (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.orderId, order.id)).orderBy(outgoingMail.id);
    const last = mails.at(-1);
    expect(last?.kind).toBe("shipped");
    // The stored row holds a placeholder; the token is made when the mail goes out.
    const sent = deliveredMail(last?.id ?? 0);
    const token = /\/order-status\/([A-Za-z0-9_-]+)/.exec(sent)?.[1] ?? "";
    const opened = await getGuestOrder(token);
    expect(opened.status, sent).toBe(200);
    expect(opened.body.id).toBe(order.id);
  });
});

describe("guest routes: a request limit per order link", () => {
  it("past GUEST_ORDER_LINK_REQUESTS_PER_HOUR requests one link gets 429 with Retry-After on every route; other links go on", async () => {
    setEnv({ GUEST_ORDER_LINK_REQUESTS_PER_HOUR: "3" });
    const order = await guestOrder();
    const other = await guestOrder({ paid: false });
    const first = await getGuestOrder(order.token);
    expect(first.status).toBe(200);
    const itemId = first.body.items[0]?.id ?? 0;
    expect((await getImage(order.token, itemId)).status).toBe(200);
    expect((await getInvoice(order.token)).status).toBe(200);
    // Another token of the same order counts against the same order.
    const limited = await getGuestOrder(orderLinkToken(order.id));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.body.message).toBe("This order link was opened too often. Please try again later.");
    expect((await getGuestOrder(order.token, "de")).body.message).toBe(
      "Dieser Bestelllink wurde zu oft aufgerufen. Bitte versuche es später erneut.",
    );
    for (const res of [
      await cancelGuestOrder(order.token),
      await setPassword(order.token, "limited-password"),
      await getImage(order.token, itemId),
      await getInvoice(order.token),
    ]) {
      expect(res.status).toBe(429);
    }
    expect(await statusOf(order.id)).toBe("pending");
    expect((await getGuestOrder(other.token)).status).toBe(200);
  });
});

/** A token of the layout mailed before link versions existed: order id | expiry | MAC under the "v1" key. */
function legacyToken(orderId: string): string {
  const key = Buffer.from(hkdfSync("sha256", authSecret(), "", "mugmagic guest order link v1", 32));
  const payload = Buffer.alloc(20);
  Buffer.from(orderId.replace(/-/g, ""), "hex").copy(payload, 0);
  payload.writeUInt32BE(Math.floor(Date.now() / 1000) + 180 * 86_400, 16);
  return Buffer.concat([payload, createHmac("sha256", key).update(payload).digest().subarray(0, 16)]).toString("base64url");
}
