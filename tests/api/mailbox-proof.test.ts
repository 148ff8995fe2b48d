import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import * as claimRoute from "@/app/api/user/account/claim/route";
import * as confirmRoute from "@/app/api/auth/register/confirm/route";
import * as forgotRoute from "@/app/api/auth/password/forgot/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as useLinkRoute from "@/app/api/auth/login-link/use/route";
import * as passwordRoute from "@/app/api/user/account/password/route";
import * as registerRoute from "@/app/api/auth/register/route";
import * as resetRoute from "@/app/api/auth/password/reset/route";
import * as sessionRoute from "@/app/api/auth/session/route";
import { hashPassword } from "@/lib/security/password";
import { resetEnvCache } from "@/lib/env";
import { issueResetToken, issueSignInToken } from "@/lib/services/link-tokens/account";
import { call, cookieFrom } from "../helpers/api";
import { mailedLinkToken } from "../helpers/mail";
import { confirmationToken, registerCustomer } from "../helpers/register";
import { tempDir } from "../helpers/test-db";

/**
 * The first proof of the mailbox wins: a sign-in link, a reset or a sign-up confirmation ends every
 * other session of the account and retires every other mail link; a password change retires them too.
 */

type SessionBody = { authenticated: boolean; user: { id: number; email: string } | null; roles: string[] };
type ErrorBody = { message: string; errors?: Record<string, string> };

const runTag = randomBytes(3).toString("hex");
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${runTag}-${++seq}@test.local`;
const freshIp = () => `203.0.${randomInt(256)}.${randomInt(1, 250)}`;

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-mailbox-proof-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  process.env.FORGOT_PASSWORD_PER_HOUR = "100";
  process.env.LOGIN_WINDOW_SECONDS = String(365 * 24 * 3600);
  delete process.env.SMTP_URL;
  delete process.env.AUTH_URL;
  resetEnvCache();
});

const login = (email: string, password: string) =>
  call<SessionBody & ErrorBody>(loginRoute.POST, {
    method: "POST",
    path: "/api/auth/login",
    body: { email, password },
    headers: { "x-forwarded-for": freshIp() },
  });
const useSignIn = (token: string) =>
  call<SessionBody & ErrorBody>(useLinkRoute.POST, { method: "POST", path: "/api/auth/login-link/use", body: { token } });
const reset = (token: string, password: string) =>
  call<SessionBody & ErrorBody>(resetRoute.POST, { method: "POST", path: "/api/auth/password/reset", body: { token, password } });
const signedIn = async (cookie: string) =>
  (await call<SessionBody>(sessionRoute.GET, { path: "/api/auth/session", cookie })).body.authenticated;

/** Links as the mails carry them (issued when a mail is sent). */
const links = async (userId: number) => {
  const db = await getDb();
  return { signIn: await issueSignInToken(db, userId), reset: await issueResetToken(db, userId) };
};

async function newAccount(tag: string) {
  const email = freshEmail(tag);
  const password = `pw-${tag}-secret`;
  const res = await registerCustomer<SessionBody>({ email, password, firstName: "Pia", lastName: tag }, { ip: freshIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, password, id: res.body.user?.id ?? 0, cookie: cookieFrom(res) };
}

async function guestSession(email: string) {
  const res = await call<SessionBody>(registerRoute.POST, {
    method: "POST",
    path: "/api/auth/register",
    body: { email, guest: true, firstName: "Gina", lastName: "Gast" },
    headers: { "x-forwarded-for": freshIp() },
  });
  expect(res.status).toBe(201);
  return { id: res.body.user?.id ?? 0, cookie: cookieFrom(res) };
}

describe("a sign-in link", () => {
  it("ends every other session of the account and retires its other links, of every purpose", async () => {
    const me = await newAccount("sign-in");
    const elsewhere = cookieFrom(await login(me.email, me.password));
    const older = await links(me.id);
    const mine = await links(me.id);
    const res = await useSignIn(mine.signIn);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await signedIn(cookieFrom(res))).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(me.cookie)).toBe(false);
    expect((await useSignIn(older.signIn)).status).toBe(404);
    expect((await reset(mine.reset, "not-the-owner-1")).status).toBe(404);
    expect((await reset(older.reset, "not-the-owner-1")).status).toBe(404);
    // A proved address keeps its password.
    expect((await login(me.email, me.password)).status).toBe(200);
  });

  it("clears a password set before the address was proved; 'forgot password' then sets a new one on the same account", async () => {
    const email = freshEmail("unproved");
    const guest = await guestSession(email);
    await (
      await getDb()
    )
      .update(users)
      .set({ passwordHash: await hashPassword("unproved-pass-1"), roles: ["customer"], emailVerifiedAt: null })
      .where(eq(users.id, guest.id));
    const res = await useSignIn((await links(guest.id)).signIn);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user?.id).toBe(guest.id);
    expect((await login(email, "unproved-pass-1")).status).toBe(401);

    const asked = await call(forgotRoute.POST, {
      method: "POST",
      path: "/api/auth/password/forgot",
      body: { email },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(asked.status).toBe(202);
    const done = await reset(await mailedLinkToken(email, "reset-password"), "owners-new-pass-1");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ user: { id: guest.id }, roles: ["customer"] });
    expect((await login(email, "owners-new-pass-1")).status).toBe(200);
  });

  it("an admin's link is refused and the password stays (the seed set it, not a stranger)", async () => {
    const me = await newAccount("admin-like");
    await (
      await getDb()
    )
      .update(users)
      .set({ roles: ["admin"], emailVerifiedAt: null })
      .where(eq(users.id, me.id));
    // Back-office accounts sign in with their password (and second factor), never by a mailed link.
    expect((await useSignIn((await links(me.id)).signIn)).status).toBe(404);
    expect((await login(me.email, me.password)).status).toBe(200);
  });
});

describe("a reset, a confirmation and a password change", () => {
  it("a reset retires the account's sign-in links", async () => {
    const me = await newAccount("reset");
    const held = await links(me.id);
    const res = await reset((await links(me.id)).reset, "reset-password-1");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await useSignIn(held.signIn)).status).toBe(404);
    expect(await signedIn(me.cookie)).toBe(false);
  });

  it("PUT /api/user/account/password retires the account's sign-in links", async () => {
    const me = await newAccount("change");
    const held = await links(me.id);
    const res = await call(passwordRoute.PUT, {
      method: "PUT",
      path: "/api/user/account/password",
      cookie: me.cookie,
      body: { currentPassword: me.password, newPassword: "changed-pass-1" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await useSignIn(held.signIn)).status).toBe(404);
  });

  it("confirming a guest's claim sets the password, marks the address verified, ends other sessions and retires other links", async () => {
    const email = freshEmail("claim");
    const guest = await guestSession(email);
    const held = await links(guest.id);
    const claimed = await call<{ checkMail?: boolean } & ErrorBody>(claimRoute.POST, {
      method: "POST",
      path: "/api/user/account/claim",
      body: { password: "claimed-pass-1" },
      cookie: guest.cookie,
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(202);
    expect(await signedIn(guest.cookie)).toBe(true); // nothing changes until the link is used
    const res = await call<SessionBody & ErrorBody>(confirmRoute.POST, {
      method: "POST",
      path: "/api/auth/register/confirm",
      body: { token: (await confirmationToken(email)) ?? "", password: "claimed-pass-1" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ user: { id: guest.id, email }, roles: ["customer"] });
    expect(await signedIn(guest.cookie)).toBe(false);
    expect(await signedIn(cookieFrom(res))).toBe(true);
    expect((await reset(held.reset, "someone-elses-1")).status).toBe(404);
    const [row] = await (await getDb()).select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, guest.id));
    expect(row?.verified).toBeInstanceOf(Date);
    expect((await login(email, "claimed-pass-1")).status).toBe(200);
  });
});
