import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import * as logout from "@/app/api/auth/logout/route";
import * as session from "@/app/api/auth/session/route";
import * as register from "@/app/api/auth/register/route";
import * as confirmRegistration from "@/app/api/auth/register/confirm/route";
import * as health from "@/app/api/health/route";
import * as adminVat from "@/app/api/admin/vat/route";
import { route } from "@/lib/api/route";
import { authSecret, env, resetEnvCache } from "@/lib/env";
import { mintSessionToken, readSessionToken, sessionCookieName } from "@/lib/auth/tokens";
import { call, cookieFrom, type CallResult } from "../helpers/api";
import { TEST_USERS, useServer } from "../helpers/test-db";
import { registerCustomer } from "../helpers/register";

type User = { id: number; email: string; firstName: string | null; lastName: string | null; phone: string | null };
type SessionBody = { authenticated: boolean; user: User | null; roles: string[] };
type ErrorBody = { message: string; errors?: Record<string, string>; requestId: string };

const SIGNED_OUT = { authenticated: false, user: null, roles: [] };
const INVALID_CREDENTIALS = "Invalid email or password";
const TOO_MANY = "Too many failed sign-in attempts. Please try again later.";
const COOKIE_NAME = sessionCookieName(false);

let seq = 0;
const runTag = randomBytes(3).toString("hex");
/** A fresh email per scenario, so rate-limit counters never carry over between tests. */
const freshEmail = (tag: string) => `${tag}-${runTag}-${++seq}@test.local`;
let ipSeq = 0;
/** A fresh client address per scenario (TEST-NET ranges). */
const freshIp = () => `198.51.${100 + Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function postLogin(body: unknown, ip: string) {
  return call<SessionBody & ErrorBody>(login.POST, { method: "POST", path: "/api/auth/login", body, headers: { "x-forwarded-for": ip } });
}

/** Registers as a person does: a customer through the mailed confirmation link, a guest directly. */
function postRegister(body: unknown) {
  return registerCustomer<SessionBody & ErrorBody>(body);
}

function getSession(cookie?: string) {
  return call<SessionBody>(session.GET, { path: "/api/auth/session", cookie });
}

function postLogout(cookie?: string) {
  return call<SessionBody>(logout.POST, { method: "POST", path: "/api/auth/logout", cookie });
}

function getAdminVat(cookie?: string) {
  return call<ErrorBody>(adminVat.GET, { path: "/api/admin/vat", cookie });
}

/** Registers a customer through the real endpoint and returns its credentials and cookie. */
async function newCustomer(tag: string) {
  const email = freshEmail(tag);
  const password = `pw-${tag}-secret`;
  const res = await postRegister({ email, password, firstName: "Fresh", lastName: tag });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, cookie: cookieFrom(res), id: res.body.user?.id };
}

async function loginCookie(email: string, password: string): Promise<string> {
  const res = await postLogin({ email, password }, freshIp());
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return cookieFrom(res);
}

beforeAll(() => {
  // The limits stay at their defaults; only the fixed window is stretched to a year so that no
  // scenario can straddle a window boundary (which would reset the counters mid-test).
  process.env.LOGIN_WINDOW_SECONDS = String(365 * 24 * 3600);
  // Short delays keep the "wait, then sign in" scenario quick.
  process.env.LOGIN_MAX_DELAY_SECONDS = "30";
  // A lower per-client limit keeps the per-client scenarios to 20 password checks at scrypt's full cost.
  process.env.LOGIN_MAX_FAILURES_PER_CLIENT = "20";
  // The account-wide ceiling is reached from a few clients in the scenario that tests it.
  process.env.LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL = "12";
  // This file registers many accounts from one address; the registration limit has its own test (ai-money).
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  resetEnvCache();
});

describe("POST /api/auth/login", () => {
  it("POST /api/auth/login – success answers the user and roles and sets the session cookie", async () => {
    const res = await postLogin(TEST_USERS.customer, freshIp());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      authenticated: true,
      user: { id: expect.any(Number), email: TEST_USERS.customer.email, firstName: "Test", lastName: "Customer", phone: null },
      roles: ["customer"],
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`)) ?? "";
    expect(setCookie.startsWith(`${COOKIE_NAME}=`)).toBe(true);
    const attributes = setCookie.split(";").map((s) => s.trim().toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes).toContain(`max-age=${env().SESSION_MAX_AGE_SECONDS}`);
    expect(cookieFrom(res).length).toBeGreaterThan(COOKIE_NAME.length + 20);
  });

  it("POST /api/auth/login – never leaks the password hash or the session version", async () => {
    const res = await postLogin(TEST_USERS.customer, freshIp());
    const text = JSON.stringify(res.body);
    for (const secret of ["passwordHash", "password_hash", "sessionVersion", "session_version", "scrypt", TEST_USERS.customer.password]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(res.body.user ?? {}).sort()).toEqual(["email", "firstName", "id", "lastName", "phone"]);
  });

  it("POST /api/auth/login – the admin gets the admin role", async () => {
    const res = await postLogin(TEST_USERS.admin, freshIp());
    expect(res.status).toBe(200);
    expect(res.body.roles).toContain("admin");
    expect(res.body.user?.email).toBe(TEST_USERS.admin.email);
  });

  it("POST /api/auth/login – the email is case-insensitive (and trimmed)", async () => {
    const res = await postLogin({ email: "  CUSTOMER@Test.LOCAL ", password: TEST_USERS.customer.password }, freshIp());
    expect(res.status).toBe(200);
    expect(res.body.user?.email).toBe(TEST_USERS.customer.email);
    const me = await getSession(cookieFrom(res));
    expect(me.body).toMatchObject({ authenticated: true, roles: ["customer"], user: { email: TEST_USERS.customer.email } });
  });

  it("POST /api/auth/login – wrong password → 401 Invalid email or password, no cookie", async () => {
    const res = await postLogin({ email: TEST_USERS.customer.email, password: "not-the-password" }, freshIp());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(INVALID_CREDENTIALS);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("POST /api/auth/login – unknown email → 401 with the same message", async () => {
    const res = await postLogin({ email: freshEmail("nobody"), password: "whatever-123" }, freshIp());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(INVALID_CREDENTIALS);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("POST /api/auth/login – a guest account (no password) cannot sign in → 401 with the same message", async () => {
    const email = freshEmail("guest-login");
    expect((await postRegister({ email, guest: true })).status).toBe(201);
    const res = await postLogin({ email, password: "guessed-password" }, freshIp());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(INVALID_CREDENTIALS);
  });

  const badBodies: { title: string; body: unknown; status: number; errors?: Record<string, string>; fields?: string[]; message: string }[] =
    [
      {
        title: "empty object",
        body: {},
        status: 422,
        errors: { email: "This field is required", password: "This field is required" },
        message: "Validation failed",
      },
      {
        title: "password missing",
        body: { email: "a@test.local" },
        status: 422,
        errors: { password: "This field is required" },
        message: "Validation failed",
      },
      {
        title: "email missing",
        body: { password: "x" },
        status: 422,
        errors: { email: "This field is required" },
        message: "Validation failed",
      },
      {
        title: "blank fields",
        body: { email: "  ", password: "" },
        status: 422,
        errors: { email: "Email is required", password: "Password is required" },
        message: "Validation failed",
      },
      {
        title: "invalid email",
        body: { email: "not-an-email", password: "x" },
        status: 422,
        errors: { email: "Invalid email format" },
        message: "Validation failed",
      },
      {
        title: "wrong types",
        body: { email: 42, password: true },
        status: 422,
        fields: ["email", "password"],
        message: "Validation failed",
      },
      {
        title: "over-long password",
        body: { email: "a@test.local", password: "x".repeat(201) },
        status: 422,
        errors: { password: "Text is too long" },
        message: "Validation failed",
      },
      { title: "JSON null", body: "null", status: 422, message: "Validation failed" },
      { title: "JSON array", body: [], status: 422, message: "Validation failed" },
      { title: "invalid JSON", body: "{email: oops", status: 400, message: "The request body is not valid JSON" },
    ];
  for (const row of badBodies) {
    it(`POST /api/auth/login – ${row.title} → ${row.status}${row.errors || row.fields ? " with field map" : ""}, never 500`, async () => {
      const res = await postLogin(row.body, freshIp());
      expect(res.status).toBe(row.status);
      expect(res.body.message).toBe(row.message);
      if (row.errors) expect(res.body.errors).toEqual(row.errors);
      if (row.fields) expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(row.fields);
      expect(res.headers.get("set-cookie")).toBeNull();
    });
  }

  it("POST /api/auth/login – a non-JSON content type → 415", async () => {
    const res = await call<ErrorBody>(login.POST, {
      method: "POST",
      body: "email=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe("The request body must be JSON");
  });
});

describe("POST /api/auth/login – password hashes", () => {
  it("POST /api/auth/login – a hash stored at an older, lower cost signs in and is rehashed at the current cost; a wrong password changes nothing", async () => {
    const user = await newCustomer("rehash");
    const salt = randomBytes(16);
    const oldN = 2 ** (env().PASSWORD_HASH_COST - 2);
    const oldKey = scryptSync(user.password.normalize("NFKC"), salt, 64, { N: oldN, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const oldHash = ["scrypt", oldN, 8, 1, salt.toString("base64"), oldKey.toString("base64")].join("$");
    const db = await getDb();
    await db.update(users).set({ passwordHash: oldHash }).where(eq(users.email, user.email));
    const stored = async () => (await db.select({ h: users.passwordHash }).from(users).where(eq(users.email, user.email)))[0]?.h;

    expect((await postLogin({ email: user.email, password: "not-the-password" }, freshIp())).status).toBe(401);
    expect(await stored()).toBe(oldHash);
    expect((await postLogin({ email: user.email, password: user.password }, freshIp())).status).toBe(200);
    const upgraded = await stored();
    expect(upgraded?.startsWith(`scrypt$${2 ** env().PASSWORD_HASH_COST}$8$1$`)).toBe(true);
    expect((await postLogin({ email: user.email, password: user.password }, freshIp())).status).toBe(200);
    expect(await stored()).toBe(upgraded);
  });
});

describe("POST /api/auth/login – rate limiting", () => {
  it("uses the documented defaults: 10 failures per account and client, 100 per account, before delays of at most 60 s, 50 per client, TRUSTED_PROXY_COUNT 1", () => {
    const saved = { ...process.env };
    for (const key of [
      "LOGIN_MAX_FAILURES_PER_ACCOUNT",
      "LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL",
      "LOGIN_MAX_FAILURES_PER_CLIENT",
      "LOGIN_MAX_DELAY_SECONDS",
      "TRUSTED_PROXY_COUNT",
    ])
      delete process.env[key];
    resetEnvCache();
    try {
      expect(env().LOGIN_MAX_FAILURES_PER_ACCOUNT).toBe(10);
      expect(env().LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL).toBe(100);
      expect(env().LOGIN_MAX_FAILURES_PER_CLIENT).toBe(50);
      expect(env().LOGIN_MAX_DELAY_SECONDS).toBe(60);
      expect(env().TRUSTED_PROXY_COUNT).toBe(1);
    } finally {
      Object.assign(process.env, saved);
      resetEnvCache();
    }
  });

  /** The account's free failures from one client, each answered 401. */
  async function exhaust(email: string, ip: string): Promise<void> {
    for (let i = 0; i < env().LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await postLogin({ email, password: `wrong-${i}` }, ip);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
  }

  it("POST /api/auth/login – an attacker's client burns its failures on an account; the owner on another client signs in at once", async () => {
    const victim = await newCustomer("pair");
    const attacker = freshIp();
    await exhaust(victim.email, attacker);
    expect((await postLogin({ email: victim.email, password: "wrong-again" }, attacker)).status).toBe(401);
    expect((await postLogin({ email: victim.email, password: "wrong-once-more" }, attacker)).status).toBe(429);
    expect((await postLogin({ email: victim.email, password: victim.password }, freshIp())).status).toBe(200);
    // An IPv6 attacker is one client for its whole /48: another /64 of it is still delayed.
    const other = await newCustomer("pair-v6");
    await exhaust(other.email, "2001:db8:aa:1::1");
    expect((await postLogin({ email: other.email, password: "wrong-again" }, "2001:db8:aa:1::2")).status).toBe(401);
    expect((await postLogin({ email: other.email, password: other.password }, "2001:db8:aa:2::1")).status).toBe(429);
    expect((await postLogin({ email: other.email, password: other.password }, "2001:db8:bb:1::1")).status).toBe(200);
  });

  it("POST /api/auth/login – past the account-wide ceiling attempts from every client are delayed", async () => {
    const { LOGIN_MAX_FAILURES_PER_ACCOUNT: perPair, LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL: total } = env();
    const victim = await newCustomer("acct-total");
    const clients = Array.from({ length: Math.ceil(total / perPair) }, () => freshIp());
    for (let i = 0; i < total; i++)
      expect((await postLogin({ email: victim.email, password: `spread-${i}` }, clients[Math.floor(i / perPair)] ?? "")).status).toBe(401);
    expect((await postLogin({ email: victim.email, password: "one-past" }, freshIp())).status).toBe(401);
    const waiting = await postLogin({ email: victim.email, password: victim.password }, freshIp());
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toBe(TOO_MANY);
  }, 90_000);

  it("POST /api/auth/login – past the free failures of an account and client attempts are spaced by a delay (429 with Retry-After), never a lock: after the delay the right password signs in", async () => {
    const victim = await newCustomer("acct-delay");
    const attacker = freshIp();
    await exhaust(victim.email, attacker);
    // The first attempt past the limit takes the next slot; the one right after it must wait.
    expect((await postLogin({ email: victim.email, password: "wrong-again" }, attacker)).status).toBe(401);
    const waiting = await postLogin({ email: victim.email, password: victim.password }, attacker);
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toBe(TOO_MANY);
    expect(waiting.headers.get("set-cookie")).toBeNull();
    const retryAfter = Number(waiting.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(env().LOGIN_MAX_DELAY_SECONDS);
    expect((await postLogin({ email: victim.email.toUpperCase(), password: victim.password }, attacker)).status).toBe(429);
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
    expect((await postLogin({ email: victim.email, password: victim.password }, attacker)).status).toBe(200);
    // A success ends the delays: the free failures start again.
    expect((await postLogin({ email: victim.email, password: "wrong-after-success" }, attacker)).status).toBe(401);
    expect((await postLogin({ email: victim.email, password: victim.password }, attacker)).status).toBe(200);
  });

  it("POST /api/auth/login – successful sign-ins are not counted as failures and reset them", async () => {
    const limit = env().LOGIN_MAX_FAILURES_PER_ACCOUNT;
    const user = await newCustomer("success-not-counted");
    const ip = freshIp();
    for (let i = 0; i < limit - 1; i++) expect((await postLogin({ email: user.email, password: "wrong-password" }, ip)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await postLogin({ email: user.email, password: user.password }, ip)).status).toBe(200);
    await exhaust(user.email, ip);
    expect((await postLogin({ email: user.email, password: "wrong-password" }, ip)).status).toBe(401);
    expect((await postLogin({ email: user.email, password: user.password }, ip)).status).toBe(429);
  });

  it("POST /api/auth/login – concurrent wrong guesses from one client get no more than the free failures and one delayed slot", async () => {
    const limit = env().LOGIN_MAX_FAILURES_PER_ACCOUNT;
    const victim = await newCustomer("acct-burst");
    const attacker = freshIp();
    const attackers = [attacker, attacker];
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: limit * 3 }, (_, i) => postLogin({ email: victim.email, password: `burst-${i}` }, attackers[i % 2] ?? "")),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Slots open 2, 4, 8 … seconds apart: a burst lasting t seconds gets at most 1 + log2(t/2 + 1) of them.
    const slots = 1 + Math.floor(Math.log2(seconds / 2 + 1));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(limit + slots);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(limit * 2 - slots);
  });

  it("POST /api/auth/login – a browser that signed in to the account before keeps signing in, even on the attacker's network", async () => {
    const user = await newCustomer("known-device");
    const shared = freshIp();
    const first = await postLogin({ email: user.email, password: user.password }, shared);
    expect(first.status).toBe(200);
    const device = first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .find((c) => c.startsWith("mm_device="));
    expect(device, "a device cookie is set on sign-in").toBeTruthy();
    await exhaust(user.email, shared);
    expect((await postLogin({ email: user.email, password: "wrong-again" }, shared)).status).toBe(401);
    expect((await postLogin({ email: user.email, password: user.password }, shared)).status).toBe(429);
    const withDevice = await call<SessionBody>(login.POST, {
      method: "POST",
      path: "/api/auth/login",
      body: { email: user.email, password: user.password },
      headers: { "x-forwarded-for": shared },
      cookie: device,
    });
    expect(withDevice.status).toBe(200);
    // The device cookie is bound to its account: on another account it is no help.
    const other = await newCustomer("known-device-other");
    const attacker = freshIp();
    await exhaust(other.email, attacker);
    expect((await postLogin({ email: other.email, password: "wrong-again" }, attacker)).status).toBe(401);
    const foreign = await call<SessionBody>(login.POST, {
      method: "POST",
      path: "/api/auth/login",
      body: { email: other.email, password: other.password },
      headers: { "x-forwarded-for": attacker },
      cookie: device,
    });
    expect(foreign.status).toBe(429);
    // A forged device cookie is ignored.
    const forged = await call<SessionBody>(login.POST, {
      method: "POST",
      path: "/api/auth/login",
      body: { email: other.email, password: other.password },
      headers: { "x-forwarded-for": attacker },
      cookie: "mm_device=forged.value",
    });
    expect(forged.status).toBe(429);
  });

  it("POST /api/auth/login – other accounts from one client work until the per-client limit, then 429; another client is unaffected", async () => {
    const { LOGIN_MAX_FAILURES_PER_ACCOUNT: perAccount, LOGIN_MAX_FAILURES_PER_CLIENT: perClient } = env();
    const target = await newCustomer("client-limit");
    const client = freshIp();
    const probes = Array.from({ length: Math.ceil(perClient / (perAccount - 1)) }, () => freshEmail("probe"));
    // Sent in parallel: every one of them is a counted failure below both limits.
    const failures = await Promise.all(
      Array.from({ length: perClient - 1 }, (_, i) => postLogin({ email: probes[i % probes.length], password: "wrong-password" }, client)),
    );
    expect(failures.map((r) => r.status)).toEqual(Array.from({ length: perClient - 1 }, () => 401));
    // One below the client limit: a different account still signs in from this client.
    expect((await postLogin({ email: target.email, password: target.password }, client)).status).toBe(200);
    expect((await postLogin({ email: freshEmail("probe-last"), password: "wrong-password" }, client)).status).toBe(401);
    const blocked = await postLogin({ email: target.email, password: target.password }, client);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY);
    // The account itself is not blocked: from another client it signs in.
    expect((await postLogin({ email: target.email, password: target.password }, freshIp())).status).toBe(200);
  });

  it("POST /api/auth/login – the client is the right-most X-Forwarded-For entry: spoofed entries on the left do not escape the per-client count", async () => {
    const { LOGIN_MAX_FAILURES_PER_ACCOUNT: perAccount, LOGIN_MAX_FAILURES_PER_CLIENT: perClient } = env();
    const target = await newCustomer("spoof");
    const realClient = freshIp();
    const probes = Array.from({ length: Math.ceil(perClient / (perAccount - 1)) }, () => freshEmail("spoof-probe"));
    const spoofed = Array.from({ length: perClient }, (_, i) => `10.${i}.${(i * 7) % 256}.${(i * 13) % 256}`);
    const failures = await Promise.all(
      spoofed.map((spoof, i) => {
        const xff = i % 2 ? `${spoof}, ${realClient}` : `${spoof}, 192.0.2.${i}, ${realClient}`;
        return postLogin({ email: probes[i % probes.length], password: "wrong-password" }, xff);
      }),
    );
    expect(failures.map((r) => r.status)).toEqual(spoofed.map(() => 401));
    for (const xff of [realClient, `203.0.113.200, ${realClient}`, `unknown, , 1.2.3.4,${realClient}`]) {
      const res = await postLogin({ email: target.email, password: target.password }, xff);
      expect(res.status, xff).toBe(429);
    }
    // The spoofed addresses were never counted: as a real (right-most) address one of them signs in.
    expect((await postLogin({ email: target.email, password: target.password }, spoofed[0] ?? "10.0.0.0")).status).toBe(200);
    expect((await postLogin({ email: target.email, password: target.password }, `${realClient}, ${freshIp()}`)).status).toBe(200);
  });
});

describe("GET /api/auth/session", () => {
  it("GET /api/auth/session – anonymous → not authenticated, no caching", async () => {
    const res = await getSession();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("GET /api/auth/session – with the login cookie → authenticated with roles", async () => {
    const cookie = await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password);
    const res = await getSession(cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      authenticated: true,
      user: { id: expect.any(Number), email: TEST_USERS.customer.email, firstName: "Test", lastName: "Customer", phone: null },
      roles: ["customer"],
    });
    const admin = await getSession(await loginCookie(TEST_USERS.admin.email, TEST_USERS.admin.password));
    expect(admin.body.authenticated).toBe(true);
    expect(admin.body.roles).toContain("admin");
  });

  it("GET /api/auth/session – the cookie is found among other cookies", async () => {
    const cookie = await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password);
    const res = await getSession(`theme=dark; ${cookie}; NEXT_LOCALE=de`);
    expect(res.body.authenticated).toBe(true);
  });

  it("GET /api/auth/session – tampered, garbage or foreign cookies → not authenticated (never an error)", async () => {
    const cookie = await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password);
    const value = cookie.slice(COOKIE_NAME.length + 1);
    const flip = (s: string, at: number) => `${s.slice(0, at)}${s[at] === "A" ? "B" : "A"}${s.slice(at + 1)}`;
    const claims = { sub: "1", email: TEST_USERS.admin.email, roles: ["admin" as const], sv: 0 };
    const maxAge = 3600;
    const cases: { title: string; cookie: string }[] = [
      { title: "garbage", cookie: `${COOKIE_NAME}=garbage` },
      { title: "empty value", cookie: `${COOKIE_NAME}=` },
      { title: "tampered payload", cookie: `${COOKIE_NAME}=${flip(value, Math.floor(value.length / 2))}` },
      { title: "tampered tag", cookie: `${COOKIE_NAME}=${flip(value, value.length - 3)}` },
      { title: "truncated", cookie: `${COOKIE_NAME}=${value.slice(0, -10)}` },
      {
        title: "signed with another secret",
        cookie: `${COOKIE_NAME}=${await mintSessionToken(claims, "x".repeat(48), COOKIE_NAME, maxAge)}`,
      },
      {
        title: "minted for another cookie name",
        cookie: `${COOKIE_NAME}=${await mintSessionToken(claims, authSecret(), sessionCookieName(true), maxAge)}`,
      },
      { title: "expired", cookie: `${COOKIE_NAME}=${await mintSessionToken(claims, authSecret(), COOKIE_NAME, -3600)}` },
      {
        title: "valid signature but a user that does not exist",
        cookie: `${COOKIE_NAME}=${await mintSessionToken({ ...claims, sub: "99999999" }, authSecret(), COOKIE_NAME, maxAge)}`,
      },
      {
        title: "valid signature but a non-numeric user id",
        cookie: `${COOKIE_NAME}=${await mintSessionToken({ ...claims, sub: "abc" }, authSecret(), COOKIE_NAME, maxAge)}`,
      },
      { title: "malformed percent-encoding", cookie: `${COOKIE_NAME}=%E0%A4%A` },
      { title: "the right token under another cookie name", cookie: `other.session-token=${value}` },
    ];
    for (const c of cases) {
      const res = await getSession(c.cookie);
      expect(res.status, c.title).toBe(200);
      expect(res.body, c.title).toEqual(SIGNED_OUT);
    }
  });

  it("GET /api/auth/session – a token with a stale session version is refused, even with a forged admin role", async () => {
    const user = await newCustomer("stale-sv");
    const ok = await getSession(user.cookie);
    expect(ok.body.authenticated).toBe(true);
    const forged = await mintSessionToken(
      { sub: String(user.id), email: user.email, roles: ["admin"], sv: 12345 },
      authSecret(),
      COOKIE_NAME,
      3600,
    );
    expect((await getSession(`${COOKIE_NAME}=${forged}`)).body).toEqual(SIGNED_OUT);
  });

  it("GET /api/auth/session – roles come from the database, not from the token", async () => {
    const user = await newCustomer("roles-from-db");
    const current = await readSessionToken(user.cookie.slice(COOKIE_NAME.length + 1), authSecret(), COOKIE_NAME);
    if (!current) throw new Error("the register cookie is a valid session token");
    // A correctly signed token for this user with the current session version, but claiming admin.
    const forged = `${COOKIE_NAME}=${await mintSessionToken({ ...current, roles: ["admin"] }, authSecret(), COOKIE_NAME, 3600)}`;
    const res = await getSession(forged);
    expect(res.body).toMatchObject({ authenticated: true, roles: ["customer"] });
    expect((await getAdminVat(forged)).status).toBe(403);
  });
});

describe("POST /api/auth/logout", () => {
  it("POST /api/auth/logout – the same cookie replayed afterwards is refused; a new login works", async () => {
    const user = await newCustomer("logout");
    expect((await getSession(user.cookie)).body.authenticated).toBe(true);
    expect((await getAdminVat(user.cookie)).status).toBe(403);

    const res = await postLogout(user.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
    const cleared = (res.headers.get("set-cookie") ?? "").toLowerCase();
    expect(cleared.startsWith(`${COOKIE_NAME}=;`)).toBe(true);
    expect(cleared).toContain("max-age=0");

    expect((await getSession(user.cookie)).body).toEqual(SIGNED_OUT);
    const replay = await getAdminVat(user.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe("Authentication required");

    const again = await loginCookie(user.email, user.password);
    expect(again).not.toBe(user.cookie);
    expect((await getSession(again)).body).toMatchObject({ authenticated: true, user: { email: user.email } });
    expect((await getSession(user.cookie)).body).toEqual(SIGNED_OUT);
  });

  it("POST /api/auth/logout – an admin's replayed cookie loses access to admin routes", async () => {
    const cookie = await loginCookie(TEST_USERS.admin.email, TEST_USERS.admin.password);
    expect((await getAdminVat(cookie)).status).toBe(200);
    expect((await postLogout(cookie)).status).toBe(200);
    const replay = await getAdminVat(cookie);
    expect(replay.status).toBe(401);
    expect((await getSession(cookie)).body).toEqual(SIGNED_OUT);
    const fresh = await loginCookie(TEST_USERS.admin.email, TEST_USERS.admin.password);
    expect((await getAdminVat(fresh)).status).toBe(200);
  });

  it("POST /api/auth/logout – ends every session of the user, not just the one used", async () => {
    const user = await newCustomer("logout-all");
    const second = await loginCookie(user.email, user.password);
    expect((await getSession(second)).body.authenticated).toBe(true);
    await postLogout(user.cookie);
    expect((await getSession(second)).body).toEqual(SIGNED_OUT);
  });

  it("POST /api/auth/logout – without a session → 200, still clears the cookie", async () => {
    const res = await postLogout();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
    expect(res.headers.get("set-cookie")).toContain(`${COOKIE_NAME}=;`);
    const replayed = await postLogout(`${COOKIE_NAME}=garbage`);
    expect(replayed.status).toBe(200);
  });

  it("POST /api/auth/logout – logging out twice with the same cookie → 200 both times", async () => {
    const user = await newCustomer("logout-twice");
    expect((await postLogout(user.cookie)).status).toBe(200);
    expect((await postLogout(user.cookie)).status).toBe(200);
    // The second logout did not end the next session (it had no session of its own).
    const fresh = await loginCookie(user.email, user.password);
    await postLogout(user.cookie);
    expect((await getSession(fresh)).body.authenticated).toBe(true);
  });
});

describe("POST /api/auth/register", () => {
  it("POST /api/auth/register – customer → 201, signed in with roles [customer], can log in with the password", async () => {
    const email = freshEmail("reg");
    const res = await postRegister({ email, password: "longenough", firstName: "Ada", lastName: "Lovelace", phone: "+49 30 1234567" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      authenticated: true,
      user: { id: expect.any(Number), email, firstName: "Ada", lastName: "Lovelace", phone: "+49 30 1234567" },
      roles: ["customer"],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|sessionVersion|scrypt/i);
    const setCookie = (res.headers.get("set-cookie") ?? "").toLowerCase();
    expect(setCookie).toContain("httponly");
    expect(setCookie).toContain("samesite=lax");
    expect(setCookie).toContain("path=/");
    expect((await getSession(cookieFrom(res))).body).toMatchObject({ authenticated: true, roles: ["customer"], user: { email } });
    expect((await postLogin({ email, password: "longenough" }, freshIp())).status).toBe(200);
  });

  it("POST /api/auth/register – the email is stored trimmed and lower-case; names and phone are optional", async () => {
    const email = freshEmail("mixed");
    const res = await postRegister({ email: `  ${email.toUpperCase()} `, password: "longenough" });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ id: expect.any(Number), email, firstName: null, lastName: null, phone: null });
    expect((await postLogin({ email, password: "longenough" }, freshIp())).status).toBe(200);
  });

  it("POST /api/auth/register – duplicate email (any letter case) → the neutral 202, the existing account is untouched", async () => {
    const user = await newCustomer("dup");
    for (const email of [user.email, user.email.toUpperCase()]) {
      const res = await call<ErrorBody & { checkMail?: boolean }>(register.POST, {
        method: "POST",
        path: "/api/auth/register",
        body: { email, password: "another-password" },
      });
      expect(res.status).toBe(202);
      expect(res.body.checkMail).toBe(true);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect((await postLogin({ email: user.email, password: "another-password" }, freshIp())).status).toBe(401);
    expect((await postLogin({ email: user.email, password: user.password }, freshIp())).status).toBe(200);
    expect((await getSession(user.cookie)).body.authenticated).toBe(true);
  });

  it("POST /api/auth/register – guest → 201 with roles [guest] and a working cookie", async () => {
    const email = freshEmail("guest");
    const res = await postRegister({ email, guest: true, firstName: "Gus", phone: "" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      authenticated: true,
      user: { id: expect.any(Number), email, firstName: "Gus", lastName: null, phone: null },
      roles: ["guest"],
    });
    const me = await getSession(cookieFrom(res));
    expect(me.body).toMatchObject({ authenticated: true, roles: ["guest"], user: { email } });
    expect((await getAdminVat(cookieFrom(res))).status).toBe(403);
  });

  it("POST /api/auth/register – a guest twice with the same email works (guest accounts are per order)", async () => {
    const email = freshEmail("guest-twice");
    const first = await postRegister({ email, guest: true });
    const second = await postRegister({ email: email.toUpperCase(), guest: true });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.user?.email).toBe(email);
    expect(second.body.user?.id).not.toBe(first.body.user?.id);
    // Both sessions stay valid side by side.
    expect((await getSession(cookieFrom(first))).body.user?.id).toBe(first.body.user?.id);
    expect((await getSession(cookieFrom(second))).body.user?.id).toBe(second.body.user?.id);
    // Registering a customer account for that email makes no second account: the neutral answer, and
    // the guest gets a link to set a password instead (tests/api/register.test.ts follows the link).
    const customer = await call<ErrorBody & { checkMail?: boolean }>(register.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email, password: "longenough" },
    });
    expect(customer.status).toBe(202);
    expect(customer.body.checkMail).toBe(true);
  });

  it("POST /api/auth/register – a guest for an email with a customer account works and does not touch that account", async () => {
    const user = await newCustomer("guest-of-customer");
    const res = await postRegister({
      email: user.email,
      guest: true,
      firstName: "Other",
      lastName: "Person",
      password: "ignored-for-guests",
    });
    expect(res.status).toBe(201);
    expect(res.body.roles).toEqual(["guest"]);
    expect(res.body.user?.id).not.toBe(user.id);
    // The customer's existing session, roles, names and password are unchanged.
    expect((await getSession(user.cookie)).body).toEqual({
      authenticated: true,
      user: { id: user.id, email: user.email, firstName: "Fresh", lastName: "guest-of-customer", phone: null },
      roles: ["customer"],
    });
    const relog = await postLogin({ email: user.email, password: user.password }, freshIp());
    expect(relog.status).toBe(200);
    expect(relog.body.user?.id).toBe(user.id);
    expect((await postLogin({ email: user.email, password: "ignored-for-guests" }, freshIp())).status).toBe(401);
  });

  const bad: { title: string; body: unknown; status?: number; field: string; message: string }[] = [
    { title: "invalid email", body: { email: "not-an-email", password: "longenough" }, field: "email", message: "Invalid email format" },
    { title: "invalid guest email", body: { email: "guest@", guest: true }, field: "email", message: "Invalid email format" },
    { title: "blank email", body: { email: " ", password: "longenough" }, field: "email", message: "Email is required" },
    { title: "email missing", body: { password: "longenough" }, field: "email", message: "This field is required" },
    {
      title: "over-long email",
      body: { email: `${"a".repeat(250)}@test.local`, password: "longenough" },
      field: "email",
      message: "Text is too long",
    },
    {
      title: "invalid phone (letters)",
      body: { email: "p1@test.local", password: "longenough", phone: "call me" },
      field: "phone",
      message: "Invalid phone number",
    },
    {
      title: "invalid phone (too few digits)",
      body: { email: "p2@test.local", password: "longenough", phone: "12345" },
      field: "phone",
      message: "Invalid phone number",
    },
    {
      title: "invalid phone (too many digits)",
      body: { email: "p3@test.local", guest: true, phone: "+1234567890123456789012" },
      field: "phone",
      message: "Invalid phone number",
    },
    { title: "password missing (non-guest)", body: { email: "p4@test.local" }, field: "password", message: "Password is required" },
    {
      title: "password missing (guest: false)",
      body: { email: "p5@test.local", guest: false },
      field: "password",
      message: "Password is required",
    },
    {
      title: "password too short",
      body: { email: "p6@test.local", password: "1234567" },
      field: "password",
      message: "Password must be at least 8 characters",
    },
    { title: "guest not a boolean", body: { email: "p7@test.local", guest: "yes" }, field: "guest", message: "Invalid value" },
    {
      title: "first name too long",
      body: { email: "p8@test.local", password: "longenough", firstName: "x".repeat(101) },
      field: "firstName",
      message: "Text is too long",
    },
  ];
  for (const row of bad) {
    it(`POST /api/auth/register – ${row.title} → 422 with errors.${row.field}`, async () => {
      const res = await postRegister(row.body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect(res.headers.get("set-cookie")).toBeNull();
    });
  }

  it("POST /api/auth/register – the validation message follows the caller's language", async () => {
    const res = await call<ErrorBody>(register.POST, {
      method: "POST",
      body: { email: "x", password: "longenough" },
      headers: { "accept-language": "de-DE,de;q=0.9" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.email).toEqual(expect.any(String));
    expect(res.body.errors?.email).not.toBe("Invalid email format");
  });

  it("POST /api/auth/register – invalid JSON → 400, never 500", async () => {
    const res = await postRegister('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body is not valid JSON");
  });

  it("POST /api/auth/register – a valid phone with formatting is kept", async () => {
    const res = await postRegister({ email: freshEmail("phone"), password: "longenough", phone: " +49 (0)30 / 123-456 " });
    expect(res.status).toBe(201);
    expect(res.body.user?.phone).toBe("+49 (0)30 / 123-456");
  });
});

describe("role checks on admin routes (GET /api/admin/vat)", () => {
  it("GET /api/admin/vat – anonymous → 401 Authentication required", async () => {
    const res = await getAdminVat();
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Authentication required");
  });

  it("GET /api/admin/vat – a customer cookie → 403", async () => {
    const res = await getAdminVat(await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You do not have permission to do this");
  });

  it("GET /api/admin/vat – a guest cookie → 403", async () => {
    const guest = await postRegister({ email: freshEmail("guest-admin"), guest: true });
    expect((await getAdminVat(cookieFrom(guest))).status).toBe(403);
  });

  it("GET /api/admin/vat – an admin cookie → 200", async () => {
    const res = await getAdminVat(await loginCookie(TEST_USERS.admin.email, TEST_USERS.admin.password));
    expect(res.status).toBe(200);
  });
});

describe("error envelope", () => {
  it("every error answer carries a requestId matching its x-request-id header", async () => {
    const customer = await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password);
    const answers: [string, CallResult<ErrorBody>][] = [
      ["401 anonymous admin route", await getAdminVat()],
      ["403 customer on admin route", await getAdminVat(customer)],
      ["401 wrong password", await postLogin({ email: TEST_USERS.customer.email, password: "nope-nope" }, freshIp())],
      ["422 validation", await postRegister({ email: "bad" })],
      ["400 invalid JSON", await postLogin("{", freshIp())],
      [
        "404 unknown confirmation link",
        await call<ErrorBody>(confirmRegistration.POST, { method: "POST", body: { token: "no-such-token", password: "any-password" } }),
      ],
      ["415 not JSON", await call<ErrorBody>(register.POST, { method: "POST", body: "x", headers: { "content-type": "text/plain" } })],
    ];
    const ids = new Set<string>();
    for (const [title, res] of answers) {
      expect(res.status, title).toBeGreaterThanOrEqual(400);
      expect(res.body.requestId, title).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get("x-request-id"), title).toBe(res.body.requestId);
      expect(res.headers.get("content-type"), title).toContain("application/json");
      ids.add(res.body.requestId);
    }
    expect(ids.size).toBe(answers.length);
  });

  it("a request id sent by the caller (e.g. a load balancer) is used, and successful answers carry it too", async () => {
    const failed = await call<ErrorBody>(adminVat.GET, { headers: { "x-request-id": "lb-1234" } });
    expect(failed.body.requestId).toBe("lb-1234");
    expect(failed.headers.get("x-request-id")).toBe("lb-1234");
    const ok = await call(session.GET, { headers: { "x-request-id": "lb-5678" } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toBe("lb-5678");
    const generated = await getSession();
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a server error → 500 with the generic message and the requestId, no stack trace or internal detail", async () => {
    const failing = route({ access: "public" }, async () => {
      throw new Error("boom: secret internal detail");
    });
    const res = await call<ErrorBody>(failing, { path: "/api/test/boom" });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "An unexpected error occurred. Please try again.", requestId: expect.any(String) });
    expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("boom");
    expect(text).not.toContain("stack");
    expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it("a non-Error thrown value is also a 500 with the generic message", async () => {
    const failing = route({ access: "public" }, async () => {
      throw "plain string";
    });
    const res = await call<ErrorBody>(failing);
    expect(res.status).toBe(500);
    expect(res.body.message).toBe("An unexpected error occurred. Please try again.");
    expect(JSON.stringify(res.body)).not.toContain("plain string");
  });
});

describe("GET /api/health", () => {
  it("GET /api/health – 200 with the database reachable", async () => {
    const res = await call<{ status: string; database: { reachable: boolean; kind: string } }>(health.GET, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: { reachable: true } });
    expect(res.body.database.kind).toBe(useServer ? "postgres" : "pglite");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
