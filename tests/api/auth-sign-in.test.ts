import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import { env, resetEnvCache } from "@/lib/env";
import { call, cookieFrom } from "../helpers/api";
import { TEST_USERS } from "../helpers/test-db";
import {
  COOKIE_NAME,
  INVALID_CREDENTIALS,
  TOO_MANY,
  freshEmail,
  freshIp,
  getSession,
  newCustomer,
  postLogin,
  postRegister,
  setupAuthEnv,
  type ErrorBody,
  type SessionBody,
} from "../helpers/auth";

setupAuthEnv();

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
