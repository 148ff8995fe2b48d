import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { addresses, users } from "@/db/schema";
import * as account from "@/app/api/user/account/route";
import * as password from "@/app/api/user/account/password/route";
import * as login from "@/app/api/auth/login/route";
import * as session from "@/app/api/auth/session/route";
import { resetEnvCache } from "@/lib/env";
import { accountResponse, type AccountResponse } from "@/lib/schemas/account";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { registerCustomer } from "../helpers/register";
import { TEST_USERS, tempDir } from "../helpers/test-db";
import { cancelOrder, checkoutBody, newCustomer, placedOrder, type ErrorBody } from "../helpers/orders";

type SessionBody = { authenticated: boolean; user: { id: number; email: string } | null; roles: string[] };

const FAILURES = 3;
const runTag = randomBytes(3).toString("hex");
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${runTag}-${++seq}@test.local`;
const freshIp = () => `192.0.2.${randomInt(1, 255)}`;

/** The value, or a failed test when it is missing. */
function some<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} missing`);
  return value;
}

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-account-");
  // Wrong current passwords per user before 429 (the window is stretched so no scenario straddles it).
  process.env.LOGIN_MAX_FAILURES_PER_ACCOUNT = String(FAILURES);
  process.env.LOGIN_WINDOW_SECONDS = String(365 * 24 * 3600);
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  resetEnvCache();
});

const getAccount = (cookie?: string, lang = "en") =>
  call<AccountResponse & ErrorBody>(account.GET, { path: "/api/user/account", cookie, headers: { "accept-language": lang } });
const putAccount = (body: unknown, cookie?: string) =>
  call<AccountResponse & ErrorBody>(account.PUT, { method: "PUT", path: "/api/user/account", body, cookie });
const putPassword = (body: unknown, cookie?: string, lang = "en") =>
  call<{ message: string } & ErrorBody>(password.PUT, {
    method: "PUT",
    path: "/api/user/account/password",
    body,
    cookie,
    headers: { "accept-language": lang },
  });
const postLogin = (email: string, pw: string) =>
  call<SessionBody & ErrorBody>(login.POST, {
    method: "POST",
    path: "/api/auth/login",
    body: { email, password: pw },
    headers: { "x-forwarded-for": freshIp() },
  });
const sessionOf = async (cookie: string) => (await call<SessionBody>(session.GET, { path: "/api/auth/session", cookie })).body;

/** A customer with a password, registered through the API and signed in. */
async function newAccount(tag: string) {
  const email = freshEmail(tag);
  const pw = `old-${tag}-password`;
  const res = await registerCustomer<SessionBody & ErrorBody>(
    { email, password: pw, firstName: "Carla", lastName: "Kundin", phone: "+49 30 555 01" },
    { ip: freshIp() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, password: pw, id: some(res.body.user, "user").id, cookie: cookieFrom(res) };
}

describe("access matrix", () => {
  const cases: { who: Role | "guest"; get: number; put: number; password: number }[] = [
    { who: "anonymous", get: 401, put: 401, password: 401 },
    { who: "guest", get: 200, put: 200, password: 409 },
    { who: "customer", get: 200, put: 200, password: 422 },
    { who: "admin", get: 200, put: 200, password: 422 },
  ];
  for (const c of cases) {
    it(`${c.who}: GET ${c.get}, PUT ${c.put}, PUT password (wrong current) ${c.password}`, async () => {
      const cookie = c.who === "guest" ? (await newCustomer("matrix-guest")).cookie : await cookieFor(c.who);
      expect((await getAccount(cookie)).status).toBe(c.get);
      expect((await putAccount({ firstName: "Test", lastName: "Buyer" }, cookie)).status).toBe(c.put);
      expect((await putPassword({ currentPassword: "not-the-password", newPassword: "whatever-new-1" }, cookie)).status).toBe(c.password);
    });
  }

  it("each caller sees only their own account", async () => {
    const mine = await getAccount(await cookieFor("customer"));
    const theirs = await getAccount(await cookieFor("other"));
    expect(mine.body.user.email).toBe(TEST_USERS.customer.email);
    expect(theirs.body.user.email).toBe(TEST_USERS.other.email);
    expect(mine.body.user.id).not.toBe(theirs.body.user.id);
    expect(mine.body.hasPassword).toBe(true);
  });

  it("a guest account has no password", async () => {
    const guest = await newCustomer("guest-view");
    const res = await getAccount(guest.cookie);
    expect(res.body).toMatchObject({
      user: { id: guest.id, email: guest.email, firstName: "Test", lastName: "Buyer" },
      hasPassword: false,
      addresses: [],
    });
    expect(accountResponse.parse(res.body)).toEqual(res.body);
  });
});

describe("PUT /api/user/account", () => {
  it("changes names and phone and answers like GET", async () => {
    const me = await newAccount("update");
    const res = await putAccount({ firstName: "  Carla ", lastName: "Neu", phone: "" }, me.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      user: { id: me.id, email: me.email, firstName: "Carla", lastName: "Neu", phone: null },
      hasPassword: true,
      addresses: [],
    });
    expect((await getAccount(me.cookie)).body).toEqual(res.body);
    const withPhone = await putAccount({ firstName: "Carla", lastName: "Neu", phone: "+49 (30) 123-456" }, me.cookie);
    expect(withPhone.body.user.phone).toBe("+49 (30) 123-456");
    // The session stays (the data change is no security event).
    expect((await sessionOf(me.cookie)).authenticated).toBe(true);
  });

  it("refuses missing or too long names and a bad phone (422 with field errors), changing nothing", async () => {
    const me = await newAccount("update-bad");
    const missing = await putAccount({ firstName: " ", phone: "abc" }, me.cookie);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      phone: "Invalid phone number",
    });
    const long = await putAccount({ firstName: "x".repeat(101), lastName: "Neu" }, me.cookie);
    expect(long.status).toBe(422);
    expect(long.body.errors?.firstName).toBe("Text is too long");
    expect((await putAccount({ firstName: "A", lastName: "B", email: "new@example.com" }, me.cookie)).status).toBe(200);
    const [row] = await (await getDb()).select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, me.id));
    expect(row).toEqual({ email: me.email, phone: null });
  });
});

describe("addresses used before", () => {
  it("lists the distinct order addresses newest first, then saved ones, with the country's name in the caller's language", async () => {
    const buyer = await newCustomer("addresses");
    const home = {
      firstName: "Anna",
      lastName: "Muster",
      street1: "Hauptstraße 1",
      street2: null,
      city: "Berlin",
      postalCode: "10115",
      countryCode: "DE",
    };
    const office = {
      firstName: "Anna",
      lastName: "Muster",
      street1: "Ring 5",
      street2: "3. OG",
      city: "Wien",
      postalCode: "1010",
      countryCode: "AT",
    };
    // Two orders to the same home address (one spelled with other case and spacing), the newest with the office as billing address.
    const first = await placedOrder({ cookie: buyer.cookie }, buyer.id, { body: checkoutBody({ shippingAddress: home }) });
    // Cancelled, so the next checkout makes a new order (an open unpaid one would be re-used).
    expect((await cancelOrder(first.order.id, { cookie: buyer.cookie })).status).toBe(200);
    await placedOrder({ cookie: buyer.cookie }, buyer.id, {
      body: checkoutBody({ shippingAddress: { ...home, street1: "hauptstraße  1" }, billingAddress: office }),
    });
    const db = await getDb();
    await db.insert(addresses).values([
      {
        userId: buyer.id,
        kind: "shipping",
        firstName: "Anna",
        lastName: "Muster",
        street1: "Ring 5",
        street2: "3. OG",
        city: "Wien",
        postalCode: "1010",
        countryCode: "AT",
      },
      {
        userId: buyer.id,
        kind: "billing",
        firstName: "Anna",
        lastName: "Muster",
        street1: "Seeweg 9",
        street2: null,
        city: "Zürich",
        postalCode: "8001",
        countryCode: "CH",
      },
    ]);

    const en = await getAccount(buyer.cookie);
    expect(en.status).toBe(200);
    expect(en.body.addresses).toEqual([
      { kind: "shipping", ...home, street1: "hauptstraße  1", countryName: "Germany" },
      { kind: "billing", ...office, countryName: "Austria" },
      {
        kind: "billing",
        firstName: "Anna",
        lastName: "Muster",
        street1: "Seeweg 9",
        street2: null,
        city: "Zürich",
        postalCode: "8001",
        countryCode: "CH",
        countryName: "Switzerland",
      },
    ]);
    expect(accountResponse.parse(en.body)).toEqual(en.body);
    const de = await getAccount(buyer.cookie, "de");
    expect(de.body.addresses.map((a) => a.countryName)).toEqual(["Deutschland", "Österreich", "Schweiz"]);
    // Nobody else sees them.
    const other = await newCustomer("addresses-other");
    expect((await getAccount(other.cookie)).body.addresses).toEqual([]);
  });
});

describe("PUT /api/user/account/password", () => {
  it("changes the password: this session gets a fresh cookie, every other session ends", async () => {
    const me = await newAccount("change");
    const elsewhere = await postLogin(me.email, me.password);
    expect(elsewhere.status).toBe(200);
    const res = await putPassword({ currentPassword: me.password, newPassword: "changed-password-1" }, me.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: "Your password has been changed." });
    const fresh = cookieFrom(res);
    expect(fresh).toMatch(/^shop\.session-token=/);
    expect((await sessionOf(fresh)).authenticated).toBe(true);
    expect((await sessionOf(cookieFrom(elsewhere))).authenticated).toBe(false);
    expect((await sessionOf(me.cookie)).authenticated).toBe(false);
    expect((await postLogin(me.email, me.password)).status).toBe(401);
    expect((await postLogin(me.email, "changed-password-1")).status).toBe(200);
  });

  it("a wrong current password is a field error (422) in the caller's language and changes nothing", async () => {
    const me = await newAccount("wrong");
    const res = await putPassword({ currentPassword: "not-my-password", newPassword: "changed-password-2" }, me.cookie);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ currentPassword: "The current password is wrong." });
    const de = await putPassword({ currentPassword: "not-my-password", newPassword: "changed-password-2" }, me.cookie, "de");
    expect(de.body.errors).toEqual({ currentPassword: "Das aktuelle Passwort ist falsch." });
    expect((await sessionOf(me.cookie)).authenticated).toBe(true);
    expect((await postLogin(me.email, me.password)).status).toBe(200);
  });

  it("validates the new password like registration", async () => {
    const me = await newAccount("short");
    const res = await putPassword({ currentPassword: me.password, newPassword: "short" }, me.cookie);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ newPassword: "Password must be at least 8 characters" });
    expect((await putPassword({ newPassword: "long-enough-1" }, me.cookie)).body.errors?.currentPassword).toBe("Password is required");
  });

  it(`refuses further attempts after ${FAILURES} per user (429), even with the right password`, async () => {
    const me = await newAccount("limit");
    for (let i = 0; i < FAILURES; i++) {
      expect((await putPassword({ currentPassword: `wrong-${i}-password`, newPassword: "changed-password-3" }, me.cookie)).status).toBe(
        422,
      );
    }
    const refused = await putPassword({ currentPassword: me.password, newPassword: "changed-password-3" }, me.cookie);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many wrong passwords. Please try again later.");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await postLogin(me.email, me.password)).status).toBe(200);
    // The limit is the user's: another account is not affected.
    const other = await newAccount("limit-other");
    expect((await putPassword({ currentPassword: other.password, newPassword: "changed-password-4" }, other.cookie)).status).toBe(200);
  });

  it("a guest without a password gets 409", async () => {
    const guest = await newCustomer("no-password");
    const res = await putPassword({ currentPassword: "anything-at-all", newPassword: "changed-password-5" }, guest.cookie);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This account has no password yet. Use "Forgot password" to set one.');
  });
});
