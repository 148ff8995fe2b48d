import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { afterPassword, ownerTwoFactorWarning, twoFactorSetupBlocks } from "@/lib/services/two-factor";
import { getDb } from "@/db/client";
import { pendingRegistrations, twoFactorRecoveryCodes, users, userTwoFactor } from "@/db/schema";
import * as setup from "@/app/api/admin/security/two-factor/setup/route";
import * as enable from "@/app/api/admin/security/two-factor/enable/route";
import * as disable from "@/app/api/admin/security/two-factor/disable/route";
import * as recovery from "@/app/api/admin/security/two-factor/recovery-codes/route";
import * as overview from "@/app/api/admin/security/two-factor/route";
import * as policy from "@/app/api/admin/security/policy/route";
import * as logout from "@/app/api/auth/logout/route";
import * as orderList from "@/app/api/admin/orders/route";
import * as accountExport from "@/app/api/user/account/export/route";
import * as forgotPassword from "@/app/api/auth/password/forgot/route";
import * as resetPassword from "@/app/api/auth/password/reset/route";
import * as confirmRegistration from "@/app/api/auth/register/confirm/route";
import { hashPassword } from "@/lib/security/password";
import { hashToken } from "@/lib/services/link-tokens/account";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { freshIp, getAdminVat, getSession, setupAuthEnv } from "../helpers/auth";
import { mailedLinkToken } from "../helpers/mail";
import { TEST_USERS, tempDir } from "../helpers/test-db";
import {
  codeFor,
  cookieNamed,
  enrolledOwner,
  newOwner,
  postLogin,
  postSecondStep,
  setCookies,
  wrongCode,
  type LoginAnswer,
} from "../helpers/two-factor";

setupAuthEnv();
beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-two-factor-");
  resetEnvCache();
});

const SESSION = "shop.session-token";
const PENDING = "shop.2fa-pending";

type Started = { secret: string; otpauthUri: string; qrCode: string; message?: string };

const post = <T = Record<string, unknown>>(handler: typeof setup.POST, path: string, cookie?: string, body?: unknown) =>
  call<T & { message?: string; errors?: Record<string, string> }>(handler, { method: "POST", path, cookie, body });

/** Password step, then the pending cookie it set. */
async function passwordStep(email: string, password: string) {
  const res = await postLogin(email, password);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { res, pending: cookieNamed(res, PENDING) };
}

describe("enrollment", () => {
  it("makes a secret, shows it as an otpauth URI and a QR code, and stores it encrypted", async () => {
    const owner = await newOwner("enroll");
    const res = await post<Started>(setup.POST, "/api/admin/security/two-factor/setup", owner.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(res.body.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(res.body.secret);
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("issuer")).toBe("MugMagic");
    expect(res.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.qrCode.split(",")[1] ?? "", "base64").toString()).toContain("<svg");
    const [row] = await (await getDb()).select().from(userTwoFactor).where(eq(userTwoFactor.userId, owner.id));
    expect(row?.enabledAt).toBeNull();
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain(res.body.secret);
    // Not on yet: the password alone still signs in.
    expect((await postLogin(owner.email, owner.password)).body.authenticated).toBe(true);
  });

  it("turns on only with a current code and answers 10 distinct recovery codes, stored as hashes", async () => {
    const owner = await newOwner("enable");
    const started = await post<Started>(setup.POST, "/api/admin/security/two-factor/setup", owner.cookie);
    const wrong = await post(enable.POST, "/api/admin/security/two-factor/enable", owner.cookie, { code: wrongCode(started.body.secret) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.code).toBe("Enter the 6-digit code from your authenticator app.");
    const bad = await post(enable.POST, "/api/admin/security/two-factor/enable", owner.cookie, { code: "12ab56" });
    expect(bad.status).toBe(422);
    const on = await post<{ recoveryCodes: string[] }>(enable.POST, "/api/admin/security/two-factor/enable", owner.cookie, {
      code: codeFor(started.body.secret),
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    expect(new Set(on.body.recoveryCodes).size).toBe(10);
    const stored = await (await getDb()).select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner.id));
    expect(stored).toHaveLength(10);
    for (const code of on.body.recoveryCodes) expect(stored.map((s) => s.codeHash)).not.toContain(code);
    // Once on, a new secret cannot silently replace the enrolled one.
    expect((await post(setup.POST, "/api/admin/security/two-factor/setup", owner.cookie)).status).toBe(409);
    const state = await call<{ enabledAt: string; recoveryCodesLeft: number }>(overview.GET, { cookie: owner.cookie });
    expect(state.body.recoveryCodesLeft).toBe(10);
    expect(state.body.enabledAt).toBeTruthy();
  });

  it("is for back-office accounts only (access matrix of every enrollment route)", async () => {
    const code = { code: "123456" };
    const confirm = { password: "x", code: "123456" };
    const routes = [
      { handler: overview.GET, method: "GET", body: undefined },
      { handler: setup.POST, method: "POST", body: undefined },
      { handler: enable.POST, method: "POST", body: code },
      { handler: disable.POST, method: "POST", body: confirm },
      { handler: recovery.POST, method: "POST", body: confirm },
    ];
    for (const [who, status] of [
      ["anonymous", 401],
      ["customer", 403],
      ["other", 403],
    ] as [Role, number][]) {
      const cookie = await cookieFor(who);
      for (const r of routes)
        expect((await call(r.handler, { method: r.method, cookie, body: r.body })).status, `${who} ${r.method}`).toBe(status);
    }
    const owner = await cookieFor("admin");
    for (const r of routes.slice(0, 2)) expect((await call(r.handler, { method: r.method, cookie: owner })).status).toBe(200);
  });
});

describe("two-step sign-in", () => {
  it("a right password answers twoFactorRequired with only a short-lived HttpOnly pending cookie; the code gives the session", async () => {
    const owner = await enrolledOwner("two-step");
    const { res, pending } = await passwordStep(owner.email, owner.password);
    expect(res.body).toEqual({ twoFactorRequired: true });
    expect(cookieNamed(res, SESSION)).toBe("");
    const raw = setCookies(res).find((c) => c.startsWith(`${PENDING}=`)) ?? "";
    expect(raw).toContain("HttpOnly");
    expect(raw).toContain("Max-Age=300");
    expect(raw).toContain("SameSite=Strict");
    expect(raw).toContain("Path=/api/auth/login");
    // The pending cookie is no session: the back office stays closed.
    expect((await getSession(pending)).body.authenticated).toBe(false);
    expect((await getAdminVat(pending)).status).toBe(401);

    const done = await postSecondStep({ code: codeFor(owner.secret) }, pending);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ authenticated: true, roles: ["admin"] });
    const session = cookieNamed(done, SESSION);
    expect((await getSession(session)).body.authenticated).toBe(true);
    expect((await getAdminVat(session)).status).toBe(200);
    expect(setCookies(done).find((c) => c.startsWith(`${PENDING}=`))).toContain("Max-Age=0");
  });

  it("refuses a code replayed within its window, even in a new sign-in", async () => {
    const owner = await enrolledOwner("replay");
    const code = codeFor(owner.secret);
    const first = await passwordStep(owner.email, owner.password);
    expect((await postSecondStep({ code }, first.pending)).status).toBe(200);
    const second = await passwordStep(owner.email, owner.password);
    const again = await postSecondStep({ code }, second.pending);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe("The code is wrong.");
    expect(cookieNamed(again, SESSION)).toBe("");
  });

  it("a recovery code signs in once, in any case and with or without its dash", async () => {
    const owner = await enrolledOwner("recovery");
    const code = owner.recoveryCodes[0] ?? "";
    const first = await passwordStep(owner.email, owner.password);
    const typed = ` ${code.toUpperCase().replace("-", " ")} `;
    const ok = await postSecondStep({ recoveryCode: typed }, first.pending);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const second = await passwordStep(owner.email, owner.password);
    expect((await postSecondStep({ recoveryCode: code }, second.pending)).status).toBe(401);
    // Another of the ten still works.
    expect((await postSecondStep({ recoveryCode: owner.recoveryCodes[1] }, second.pending)).status).toBe(200);
    const left = await call<{ recoveryCodesLeft: number }>(overview.GET, { cookie: owner.cookie });
    expect(left.body.recoveryCodesLeft).toBe(8);
  });

  it("refuses the code step without, with a forged, or with a voided pending cookie", async () => {
    const owner = await enrolledOwner("pending");
    expect((await postSecondStep({ code: codeFor(owner.secret) })).status).toBe(401);
    // A session (anyone's, the owner's own too) is no pending sign-in.
    for (const who of ["customer", "admin"] as Role[])
      expect((await postSecondStep({ code: codeFor(owner.secret) }, await cookieFor(who))).status, who).toBe(401);
    expect((await postSecondStep({ code: codeFor(owner.secret) }, owner.cookie)).status).toBe(401);
    const { pending } = await passwordStep(owner.email, owner.password);
    const [name, value] = pending.split("=");
    const [payload, mac] = (value ?? "").split(".");
    const other = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as { u: number };
    const tampered = `${name}=${Buffer.from(JSON.stringify({ ...other, u: other.u + 1 })).toString("base64url")}.${mac}`;
    expect((await postSecondStep({ code: codeFor(owner.secret) }, tampered)).status).toBe(401);
    // Signing out everywhere (the older session's logout) voids a pending sign-in too.
    await call(logout.POST, { method: "POST", cookie: owner.cookie });
    const voided = await postSecondStep({ code: codeFor(owner.secret) }, pending);
    expect(voided.status).toBe(401);
    expect(voided.body.message).toBe("Your sign-in has expired. Please sign in again with your password.");
  });

  it("refuses a body with neither or both of code and recovery code (422)", async () => {
    const owner = await enrolledOwner("body");
    const { pending } = await passwordStep(owner.email, owner.password);
    for (const body of [{}, { code: "12345" }, { code: codeFor(owner.secret), recoveryCode: owner.recoveryCodes[0] }])
      expect((await postSecondStep(body, pending)).status, JSON.stringify(body)).toBe(422);
  });

  it("throttles wrong codes: 5 per pending sign-in, then 429", async () => {
    const owner = await enrolledOwner("throttle-pending");
    const { pending } = await passwordStep(owner.email, owner.password);
    const wrong = wrongCode(owner.secret);
    for (let i = 0; i < 5; i++) expect((await postSecondStep({ code: wrong }, pending)).status).toBe(401);
    const refused = await postSecondStep({ code: codeFor(owner.secret) }, pending);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.message).toBe("Too many wrong codes. Please try again later.");
    // A new sign-in with the password has its own budget.
    const fresh = await passwordStep(owner.email, owner.password);
    expect((await postSecondStep({ code: codeFor(owner.secret) }, fresh.pending)).status).toBe(200);
  });

  it("throttles wrong codes per account across pending sign-ins (10, then 429 even for the right code)", async () => {
    const owner = await enrolledOwner("throttle-account");
    const wrong = wrongCode(owner.secret);
    for (let round = 0; round < 2; round++) {
      const { pending } = await passwordStep(owner.email, owner.password);
      for (let i = 0; i < 5; i++) expect((await postSecondStep({ code: wrong }, pending)).status).toBe(401);
    }
    const { pending } = await passwordStep(owner.email, owner.password);
    expect((await postSecondStep({ code: codeFor(owner.secret) }, pending)).status).toBe(429);
    expect((await postSecondStep({ recoveryCode: owner.recoveryCodes[0] }, pending)).status).toBe(429);
  });

  it("a wrong password is still a 401 and counts as before (the password step is unchanged)", async () => {
    const owner = await enrolledOwner("wrong-password");
    const res = await postLogin(owner.email, "not-the-password");
    expect(res.status).toBe(401);
    expect(cookieNamed(res, PENDING)).toBe("");
  });
});

describe("other ways in", () => {
  it("a password reset of an account with two-factor sign-in on opens no session, only the code step", async () => {
    const owner = await enrolledOwner("reset");
    const forgot = await call(forgotPassword.POST, {
      method: "POST",
      path: "/api/auth/password/forgot",
      body: { email: owner.email },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(forgot.status).toBe(202);
    const token = await mailedLinkToken(owner.email, "reset-password");
    const res = await call<LoginAnswer>(resetPassword.POST, {
      method: "POST",
      path: "/api/auth/password/reset",
      body: { token, password: "a-new-owner-password" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true });
    expect(cookieNamed(res, SESSION)).toBe("");
    const done = await postSecondStep({ code: codeFor(owner.secret) }, cookieNamed(res, PENDING));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await getSession(cookieNamed(done, SESSION))).body.authenticated).toBe(true);
  });
});

describe("other ways in: a mailed confirmation", () => {
  it("a sign-up confirmation for the address of an account with two-factor sign-in on opens no session, only the code step", async () => {
    const owner = await enrolledOwner("confirm");
    // A sign-up for the address left from before the account joined the back office.
    const token = `leftover-${owner.id}-${Date.now()}`;
    await (await getDb()).insert(pendingRegistrations).values({
      email: owner.email,
      passwordHash: await hashPassword("the-sign-up-password"),
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const res = await call<LoginAnswer>(confirmRegistration.POST, {
      method: "POST",
      path: "/api/auth/register/confirm",
      body: { token, password: "the-sign-up-password" },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(res.body).toEqual({ twoFactorRequired: true });
    expect(cookieNamed(res, SESSION)).toBe("");
    const done = await postSecondStep({ code: codeFor(owner.secret) }, cookieNamed(res, PENDING));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });
});

describe("personal data", () => {
  it("the account export says since when two-factor sign-in is on, never the secret or the codes; erasure takes them along", async () => {
    const owner = await enrolledOwner("export");
    const res = await call<{ account: { twoFactorEnabledAt: string | null } }>(accountExport.GET, {
      path: "/api/user/account/export",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.account.twoFactorEnabledAt).toMatch(/^\d{4}-/);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(owner.secret);
    for (const code of owner.recoveryCodes) expect(text).not.toContain(code);
    const db = await getDb();
    await db.delete(users).where(eq(users.id, owner.id));
    expect(await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, owner.id))).toHaveLength(0);
    expect(await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner.id))).toHaveLength(0);
  });
});

describe("turning it off and new recovery codes", () => {
  it("need the password and a current code; then the password alone signs in again", async () => {
    const owner = await enrolledOwner("disable");
    const path = "/api/admin/security/two-factor/disable";
    const wrongPw = await post(disable.POST, path, owner.cookie, { password: "nope-nope", code: codeFor(owner.secret) });
    expect(wrongPw.status).toBe(422);
    expect(wrongPw.body.errors?.password).toBeTruthy();
    const wrongCodeRes = await post(disable.POST, path, owner.cookie, { password: owner.password, code: wrongCode(owner.secret) });
    expect(wrongCodeRes.status).toBe(422);
    expect(wrongCodeRes.body.errors?.code).toBeTruthy();
    const off = await post(disable.POST, path, owner.cookie, { password: owner.password, code: codeFor(owner.secret, Date.now(), 1) });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const res = await postLogin(owner.email, owner.password);
    expect(res.body.authenticated).toBe(true);
    expect(await (await getDb()).select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner.id))).toHaveLength(0);
  });

  it("new recovery codes replace the old ones", async () => {
    const owner = await enrolledOwner("regenerate");
    const path = "/api/admin/security/two-factor/recovery-codes";
    expect((await post(recovery.POST, path, owner.cookie, { password: "wrong-wrong", code: codeFor(owner.secret) })).status).toBe(422);
    const res = await post<{ recoveryCodes: string[] }>(recovery.POST, path, owner.cookie, {
      password: owner.password,
      code: codeFor(owner.secret),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    const { pending } = await passwordStep(owner.email, owner.password);
    expect((await postSecondStep({ recoveryCode: owner.recoveryCodes[0] }, pending)).status).toBe(401);
    expect((await postSecondStep({ recoveryCode: res.body.recoveryCodes[0] }, pending)).status).toBe(200);
  });
});

describe("PUT /api/admin/security/policy", () => {
  it("the owner sets requireTwoFactorForStaff; others are refused (access matrix)", async () => {
    const put = (cookie: string | undefined, body: unknown) =>
      call<{ requireTwoFactorForStaff: boolean }>(policy.PUT, { method: "PUT", cookie, body });
    expect((await put(undefined, { requireTwoFactorForStaff: true })).status).toBe(401);
    expect((await call(policy.GET, {})).status).toBe(401);
    expect((await call(policy.GET, { cookie: await cookieFor("customer") })).status).toBe(403);
    expect((await put(await cookieFor("customer"), { requireTwoFactorForStaff: true })).status).toBe(403);
    const owner = await cookieFor("admin");
    expect((await put(owner, { requireTwoFactorForStaff: "yes" })).status).toBe(422);
    expect((await put(owner, {})).status).toBe(422);
    const on = await put(owner, { requireTwoFactorForStaff: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ requireTwoFactorForStaff: true });
    expect((await call(policy.GET, { cookie: owner })).body).toEqual({ requireTwoFactorForStaff: true });
    // The owner is never held by the staff policy.
    expect((await getAdminVat(owner)).status).toBe(200);
    expect((await put(owner, { requireTwoFactorForStaff: false })).body).toEqual({ requireTwoFactorForStaff: false });
  });

  it("under the policy a staff account without two-factor sign-in is held (services, real database)", async () => {
    // The role "staff" does not exist in this branch yet: the services are asked with it directly.
    const staff = await newOwner("held");
    const enrolled = await enrolledOwner("held-enrolled");
    const owner = await cookieFor("admin");
    await call(policy.PUT, { method: "PUT", cookie: owner, body: { requireTwoFactorForStaff: true } });
    expect(await twoFactorSetupBlocks(staff.id, ["staff"])).toBe(true);
    expect(await afterPassword({ id: staff.id, roles: ["staff"] })).toEqual({ secondFactor: false, setup: "required" });
    expect(await twoFactorSetupBlocks(enrolled.id, ["staff"])).toBe(false);
    expect(await twoFactorSetupBlocks(staff.id, ["admin"])).toBe(false);
    await call(policy.PUT, { method: "PUT", cookie: owner, body: { requireTwoFactorForStaff: false } });
    expect(await twoFactorSetupBlocks(staff.id, ["staff"])).toBe(false);
    expect(await afterPassword({ id: staff.id, roles: ["staff"] })).toEqual({ secondFactor: false, setup: null });
  });

  it("a production owner without it is asked once at sign-in and warned on the dashboard until it is on", async () => {
    const owner = await newOwner("prompt");
    const env = process.env as Record<string, string | undefined>;
    const before = { node: env.NODE_ENV, prompt: env.TWO_FACTOR_SETUP_PROMPT };
    try {
      expect(await ownerTwoFactorWarning(owner.id, ["admin"])).toBe(false); // not production
      env.NODE_ENV = "production";
      env.TWO_FACTOR_SETUP_PROMPT = "false";
      resetEnvCache();
      expect((await postLogin(owner.email, owner.password)).body.next).toBeUndefined();
      delete env.TWO_FACTOR_SETUP_PROMPT;
      resetEnvCache();
      const first = await postLogin(owner.email, owner.password);
      expect(first.body).toMatchObject({ authenticated: true, twoFactorSetup: "suggested", next: "/admin/security?setup=suggested" });
      const second = await postLogin(owner.email, owner.password);
      expect(second.body.authenticated).toBe(true);
      expect(second.body.next).toBeUndefined();
      expect(await ownerTwoFactorWarning(owner.id, ["admin"])).toBe(true);
      expect(await ownerTwoFactorWarning(owner.id, ["customer"])).toBe(false);
      const enrolled = await enrolledOwner("prompt-enrolled");
      expect(await ownerTwoFactorWarning(enrolled.id, ["admin"])).toBe(false);
    } finally {
      env.NODE_ENV = before.node;
      if (before.prompt === undefined) delete env.TWO_FACTOR_SETUP_PROMPT;
      else env.TWO_FACTOR_SETUP_PROMPT = before.prompt;
      resetEnvCache();
    }
  });

  it("holds a staff account without two-factor sign-in until it enrolls", async () => {
    const owner = await cookieFor("admin");
    const staff = await loginAs("staff", true);
    const [account] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.staff.email));
    const staffId = account?.id ?? 0;
    const orders = () => call<{ message?: string }>(orderList.GET, { path: "/api/admin/orders", cookie: staff });
    try {
      expect((await orders()).status).toBe(200);
      await call(policy.PUT, { method: "PUT", cookie: owner, body: { requireTwoFactorForStaff: true } });
      const held = await orders();
      expect(held.status).toBe(403);
      expect(held.body.message).toBe("Set up two-factor sign-in first: the shop owner requires it for staff.");
      expect((await call(overview.GET, { path: "/api/admin/security/two-factor", cookie: staff })).status).toBe(200);
      const signIn = await postLogin(TEST_USERS.staff.email, TEST_USERS.staff.password);
      expect(signIn.body).toMatchObject({ authenticated: true, twoFactorSetup: "required", next: "/admin/security?setup=required" });

      const started = await post<Started>(setup.POST, "/api/admin/security/two-factor/setup", staff);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const on = await post(enable.POST, "/api/admin/security/two-factor/enable", staff, { code: codeFor(started.body.secret) });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect((await orders()).status).toBe(200);
    } finally {
      await call(policy.PUT, { method: "PUT", cookie: owner, body: { requireTwoFactorForStaff: false } });
      // The shared staff account signs in with its password alone again for the tests after this one.
      await (await getDb()).delete(userTwoFactor).where(eq(userTwoFactor.userId, staffId));
      await (await getDb()).delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, staffId));
    }
  });
});
