import { randomInt } from "node:crypto";
import { eq, inArray, like, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { loginThrottle, outgoingMail, rateLimits } from "@/db/schema";
import * as accountRoute from "@/app/api/user/account/route";
import * as forgot from "@/app/api/auth/password/forgot/route";
import * as registerRoute from "@/app/api/auth/register/route";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { resetEnvCache } from "@/lib/env";
import { call, cookieFrom } from "../helpers/api";
import { newCustomer } from "../helpers/orders";
import { tempDir } from "../helpers/test-db";

// Anybody can open a guest account for any email, so erasure may reach only what that account caused.

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-erasure-scope-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
});

const ip = () => `203.0.113.${randomInt(1, 255)}`;

async function guestFor(email: string) {
  const res = await call<{ user: { id: number } | null }>(registerRoute.POST, {
    method: "POST",
    path: "/api/auth/register",
    body: { email, firstName: "Stranger", lastName: "Danger", guest: true },
    headers: { "x-forwarded-for": ip() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { cookie: cookieFrom(res), id: res.body.user?.id ?? 0 };
}

const erase = async (cookie: string, body: unknown = {}) =>
  call<{ message: string }>(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account", body, cookie });

async function forgotPassword(email: string) {
  const res = await call(forgot.POST, {
    method: "POST",
    path: "/api/auth/password/forgot",
    body: { email },
    headers: { "x-forwarded-for": ip() },
  });
  expect(res.status).toBe(202);
  await flushAfterResponse();
}

const mailIdsTo = async (email: string) =>
  (await (await getDb()).select({ id: outgoingMail.id }).from(outgoingMail).where(eq(outgoingMail.to, email))).map((m) => m.id).sort();

async function throttleEmail(email: string) {
  const db = await getDb();
  const keys = [`login:account:${email}`, `login:pair:203.0.113.0/24:${email}`];
  for (const key of keys) {
    await db.insert(rateLimits).values({ key, windowStart: new Date(), count: 7 });
    await db.insert(loginThrottle).values({ key, slots: 3, nextAttemptAt: new Date(Date.now() + 60_000) });
  }
  return keys;
}

async function throttleRows(keys: string[]) {
  const db = await getDb();
  const limits = await db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, keys));
  const slots = await db.select({ key: loginThrottle.key }).from(loginThrottle).where(inArray(loginThrottle.key, keys));
  return { limits: limits.map((r) => r.key).sort(), slots: slots.map((r) => r.key).sort() };
}

describe("a stranger's guest account for a customer's email, erased", () => {
  it("leaves the customer's mails and sign-in throttles alone", async () => {
    const victim = await newCustomer("erase-scope-victim", { password: true });
    await forgotPassword(victim.email);
    const victimMails = await mailIdsTo(victim.email);
    expect(victimMails.length).toBeGreaterThanOrEqual(2);
    const keys = await throttleEmail(victim.email);

    const stranger = await guestFor(victim.email);
    const res = await erase(stranger.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect(await mailIdsTo(victim.email)).toEqual(victimMails);
    expect(await throttleRows(keys)).toEqual({ limits: [...keys].sort(), slots: [...keys].sort() });
  });

  it("leaves another guest account's mails of the same email alone too", async () => {
    const first = await newCustomer("erase-scope-guest");
    await forgotPassword(first.email);
    const theirs = await mailIdsTo(first.email);
    expect(theirs.length).toBeGreaterThanOrEqual(1);
    const stranger = await guestFor(first.email);
    expect((await erase(stranger.cookie)).status).toBe(200);
    expect(await mailIdsTo(first.email)).toEqual(theirs);
  });
});

describe("a stranger's guest account for an email whose sign-up waits for its confirmation, erased", () => {
  it("leaves the confirmation mail alone: the sign-up is not the guest's", async () => {
    const email = `erase-scope-pending-${randomInt(1_000_000)}@example.com`;
    const res = await call(registerRoute.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email, firstName: "Paula", lastName: "Pending", password: "pending-pass-123" },
      headers: { "x-forwarded-for": ip() },
    });
    expect(res.status).toBe(202);
    await flushAfterResponse();
    const confirmation = await mailIdsTo(email);
    expect(confirmation).toHaveLength(1);
    const stranger = await guestFor(email);
    expect((await erase(stranger.cookie)).status).toBe(200);
    expect(await mailIdsTo(email)).toEqual(confirmation);
  });
});

describe("the last account of an email, erased", () => {
  it("takes the email's account mails and sign-in throttles, and the throttles of its own id", async () => {
    const me = await newCustomer("erase-scope-last", { password: true });
    await forgotPassword(me.email);
    expect((await mailIdsTo(me.email)).length).toBeGreaterThanOrEqual(2);
    const keys = await throttleEmail(me.email);
    const db = await getDb();
    const ownKeys = [`password-change:user:${me.id}`, `generate:user:${me.id}`, `orders:place:account:${me.id}`];
    for (const key of ownKeys) await db.insert(rateLimits).values({ key, windowStart: new Date(), count: 1 });
    // Another account's throttle whose id starts with the same digits stays.
    const neighbour = `generate:user:${me.id}0`;
    await db.insert(rateLimits).values({ key: neighbour, windowStart: new Date(), count: 1 });

    expect((await erase(me.cookie, { password: "customer-pass-123" })).status).toBe(200);

    expect(await mailIdsTo(me.email)).toEqual([]);
    expect(await throttleRows(keys)).toEqual({ limits: [], slots: [] });
    const left = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(or(inArray(rateLimits.key, ownKeys), like(rateLimits.key, `%:${me.id}0`)));
    expect(left.map((r) => r.key)).toEqual([neighbour]);
  });
});
