import { randomInt } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import * as claimRoute from "@/app/api/user/account/claim/route";
import * as passwordRoute from "@/app/api/guest/orders/[token]/password/route";
import * as orderRoute from "@/app/api/guest/orders/[token]/route";
import * as registerRoute from "@/app/api/auth/register/route";
import * as resetRoute from "@/app/api/auth/password/reset/route";
import * as sessionRoute from "@/app/api/auth/session/route";
import * as imagesRoute from "@/app/api/user/images/route";
import * as cartRoute from "@/app/api/user/cart/route";
import { getDb } from "@/db/client";
import { addresses, carts, cartItems, generations, images, orders, users } from "@/db/schema";
import { orderLinkToken } from "@/lib/auth/order-link";
import { resetEnvCache } from "@/lib/env";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import { issueResetToken } from "@/lib/services/account/tokens";
import { call, cookieFrom } from "../helpers/api";
import { tempDir } from "../helpers/test-db";
import { checkoutBody, fillCart, listOrders, newCustomer, placedOrder, type ErrorBody } from "../helpers/orders";

const ENV_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL", "AUTH_URL", "GUEST_ORDER_LINK_FAILURES_PER_HOUR"];

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-order-link-trust-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  for (const key of ENV_KEYS) delete process.env[key];
  resetEnvCache();
});

afterEach(() => {
  resetEnvCache();
});

const freshIp = () => `203.0.${randomInt(256)}.${randomInt(1, 250)}`;
type SessionBody = { authenticated: boolean; user: { id: number; email: string } | null; roles: string[] };

const register = (body: Record<string, unknown>) =>
  call<SessionBody & ErrorBody>(registerRoute.POST, { method: "POST", path: "/api/auth/register", body, headers: { "x-forwarded-for": freshIp() } });
const claim = (password: string, cookie: string) =>
  call<SessionBody & ErrorBody>(claimRoute.POST, { method: "POST", path: "/api/user/account/claim", body: { password }, cookie, headers: { "x-forwarded-for": freshIp() } });
const setPassword = (token: string, password: string) =>
  call<SessionBody & ErrorBody>(passwordRoute.POST, {
    method: "POST",
    path: `/api/guest/orders/${token}/password`,
    params: { token },
    body: { password },
    headers: { "x-forwarded-for": freshIp() },
  });
const getGuestOrder = (token: string, lang = "en") =>
  call<GuestOrderDto & ErrorBody>(orderRoute.GET, { path: `/api/guest/orders/${token}`, params: { token }, headers: { "x-forwarded-for": freshIp(), "accept-language": lang } });
const postReset = (token: string, password: string) =>
  call<SessionBody & ErrorBody>(resetRoute.POST, { method: "POST", path: "/api/auth/password/reset", body: { token, password } });
const sessionOf = async (cookie: string) => (await call<SessionBody>(sessionRoute.GET, { path: "/api/auth/session", cookie })).body;

/** The link a "forgot password" mail carries for the account (issued as requestPasswordLink does). */
async function mailedResetToken(userId: number): Promise<string> {
  const db = await getDb();
  return db.transaction((tx) => issueResetToken(tx, userId));
}

/** A guest customer with a paid-for-nothing order, a cart line, a saved address and a generation: everything an attacker would want. */
async function victimGuest(email?: string) {
  const buyer = email ? await guestOf(email) : await newCustomer("victim");
  const { order } = await placedOrder(buyer, buyer.id, { body: checkoutBody({ contact: { email: buyer.email, firstName: "Vera", lastName: "Victim" } }) });
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
  it("a stranger who registers a guest session with the victim's email and claims it gets nothing of the victim's", async () => {
    const victim = await victimGuest();
    const before = await rowsOf(victim.id);
    expect(before.orders).toHaveLength(1);
    expect(before.generations).toHaveLength(1);
    expect(before.addresses).toHaveLength(1);
    expect(before.cartItems).toHaveLength(1);

    const attacker = await guestOf(victim.email);
    const claimed = await claim("attacker-password", attacker.cookie);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.user?.id).toBe(attacker.id);
    const cookie = cookieFrom(claimed);

    expect(await seenBy(cookie)).toEqual({ orders: [], images: [], cartItems: 0 });
    expect(await rowsOf(attacker.id)).toEqual({ orders: [], images: [], generations: [], addresses: [], cartItems: [] });
    // The victim's guest account still exists and keeps every row; its session still works.
    expect(await rowsOf(victim.id)).toEqual(before);
    expect((await sessionOf(victim.cookie)).authenticated).toBe(true);
    expect(await seenBy(victim.cookie)).toMatchObject({ orders: [victim.orderId], cartItems: 1 });
    // The victim's order link does not offer the attacker's password account a merge either.
    expect((await getGuestOrder(victim.token)).body).toMatchObject({ canSetPassword: false, accountExists: true });
  });

  it("the mailbox owner wins: the mailed link merges the guest accounts, ends the claimer's sessions and marks the email verified", async () => {
    const victim = await victimGuest();
    const before = await rowsOf(victim.id);
    const attacker = await guestOf(victim.email);
    const claimed = await claim("attacker-password", attacker.cookie);
    const attackerCookie = cookieFrom(claimed);

    // "Forgot password" mails the link to the password account of the email; only the mailbox holds it.
    const reset = await postReset(await mailedResetToken(attacker.id), "owner-password-1");
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await sessionOf(attackerCookie)).authenticated).toBe(false);
    const ownerCookie = cookieFrom(reset);
    expect(await seenBy(ownerCookie)).toMatchObject({ orders: [victim.orderId], cartItems: 1 });
    expect((await rowsOf(attacker.id)).orders).toEqual(before.orders);
    const [row] = await (await getDb()).select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, attacker.id));
    expect(row?.verified).toBeInstanceOf(Date);
  });

  it("a forwarded order link's set-password converts only that order's guest account; the mailed link merges the rest", async () => {
    const victim = await victimGuest();
    const second = await victimGuest(victim.email);
    const secondRows = await rowsOf(second.id);

    const res = await setPassword(second.token, "forwarded-link-pass");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user?.id).toBe(second.id);
    const cookie = cookieFrom(res);
    expect(await seenBy(cookie)).toMatchObject({ orders: [second.orderId] });
    expect(await rowsOf(second.id)).toEqual(secondRows);
    expect((await rowsOf(victim.id)).orders).toEqual([victim.orderId]);
    const [unverified] = await (await getDb()).select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, second.id));
    expect(unverified?.verified).toBeNull();

    // The first order's link now offers nothing (the email has a password account) …
    expect((await getGuestOrder(victim.token)).body).toMatchObject({ canSetPassword: false, accountExists: true });
    // … and the mailed link brings the first guest account's rows over.
    const reset = await postReset(await mailedResetToken(second.id), "mailbox-owner-pass");
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await rowsOf(second.id)).orders.sort()).toEqual([victim.orderId, second.orderId].sort());
    expect(await (await getDb()).select().from(users).where(eq(users.id, victim.id))).toHaveLength(0);
  });

  it("a guest session of an email without other accounts still becomes a customer account (nothing to merge)", async () => {
    const guest = await victimGuest();
    const res = await claim("my-own-password", guest.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.roles).toEqual(["customer"]);
    expect(await seenBy(cookieFrom(res))).toMatchObject({ orders: [guest.orderId], cartItems: 1 });
  });
});
