import { randomBytes, randomInt } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import * as claimRoute from "@/app/api/user/account/claim/route";
import * as confirmRoute from "@/app/api/auth/register/confirm/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as loginLinkRoute from "@/app/api/auth/login-link/route";
import * as useLinkRoute from "@/app/api/auth/login-link/use/route";
import * as registerRoute from "@/app/api/auth/register/route";
import * as sessionRoute from "@/app/api/auth/session/route";
import { hashPassword } from "@/lib/security/password";
import { resetEnvCache } from "@/lib/env";
import { call, cookieFrom } from "../helpers/api";
import { mailedLinkToken, queuedMails } from "../helpers/mail";
import { confirmationToken } from "../helpers/register";
import { tempDir } from "../helpers/test-db";

// Only a link mailed to the address may set a password; the owner's first proof ends what the stranger holds.

type SessionBody = { authenticated: boolean; user: { id: number; email: string } | null; roles: string[] };
type ErrorBody = { message: string; errors?: Record<string, string> };

const MAIL_LIMIT = 3;
const runTag = randomBytes(3).toString("hex");
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${runTag}-${++seq}@test.local`;
const freshIp = () => `203.0.${randomInt(256)}.${randomInt(1, 250)}`;

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-account-takeover-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  process.env.FORGOT_PASSWORD_PER_HOUR = String(MAIL_LIMIT);
  process.env.LOGIN_WINDOW_SECONDS = String(365 * 24 * 3600);
  delete process.env.SMTP_URL;
  delete process.env.AUTH_URL;
  resetEnvCache();
});

afterEach(() => resetEnvCache());

async function guestSession(email: string, ip = freshIp()) {
  const res = await call<SessionBody>(registerRoute.POST, {
    method: "POST",
    path: "/api/auth/register",
    body: { email, guest: true, firstName: "Gina", lastName: "Gast" },
    headers: { "x-forwarded-for": ip },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { cookie: cookieFrom(res), id: res.body.user?.id ?? 0 };
}

const claim = (password: string, cookie: string, ip = freshIp()) =>
  call<{ checkMail?: boolean } & ErrorBody>(claimRoute.POST, {
    method: "POST",
    path: "/api/user/account/claim",
    body: { password },
    cookie,
    headers: { "x-forwarded-for": ip },
  });
const confirm = (token: string, password: string) =>
  call<SessionBody & ErrorBody>(confirmRoute.POST, { method: "POST", path: "/api/auth/register/confirm", body: { token, password } });
const login = (email: string, password: string) =>
  call<SessionBody & ErrorBody>(loginRoute.POST, {
    method: "POST",
    path: "/api/auth/login",
    body: { email, password },
    headers: { "x-forwarded-for": freshIp() },
  });
const signedIn = async (cookie: string) =>
  (await call<SessionBody>(sessionRoute.GET, { path: "/api/auth/session", cookie })).body.authenticated;
const passwordAccounts = async (email: string) =>
  (await getDb())
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)));

describe("a stranger's claim sets no password", () => {
  it("the claim answers 202 'check your mail' without a cookie; no password is set, so the stranger cannot sign in with it", async () => {
    const email = freshEmail("victim");
    await guestSession(email); // the victim's own guest checkout
    const stranger = await guestSession(email);
    const res = await claim("stranger-password", stranger.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.checkMail).toBe(true);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await passwordAccounts(email)).toHaveLength(0);
    expect((await login(email, "stranger-password")).status).toBe(401);
    const [mail] = await queuedMails(email);
    expect(mail?.to).toBe(email);
    expect(mail?.text).toContain("/confirm-registration?token=");
  });

  it("the owner cannot be made to confirm the stranger's password: the link asks for it", async () => {
    const email = freshEmail("victim");
    const stranger = await guestSession(email);
    expect((await claim("stranger-password", stranger.cookie)).status).toBe(202);
    const token = await confirmationToken(email);
    const res = await confirm(token ?? "", "the-owners-own-pass");
    expect(res.status).toBe(422);
    expect(await passwordAccounts(email)).toHaveLength(0);
    expect(await signedIn(stranger.cookie)).toBe(true); // still only its own empty guest account
  });
});

describe("the owner's first proof ends what the stranger holds", () => {
  it("the owner confirms their own claim: the guest accounts merge under the owner's password; the stranger's session ends", async () => {
    const email = freshEmail("victim");
    const victim = await guestSession(email);
    const stranger = await guestSession(email);
    expect((await claim("stranger-password", stranger.cookie)).status).toBe(202);
    const strangersLink = await confirmationToken(email);
    expect((await claim("owner-password-1", victim.cookie)).status).toBe(202);
    const ownersLink = await confirmationToken(email);
    expect(ownersLink).not.toBe(strangersLink);

    const res = await confirm(ownersLink ?? "", "owner-password-1");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user?.email).toBe(email);
    expect(res.body.roles).toEqual(["customer"]);
    expect(await signedIn(cookieFrom(res))).toBe(true);
    expect(await signedIn(stranger.cookie)).toBe(false);
    expect(await passwordAccounts(email)).toEqual([{ id: res.body.user?.id }]);
    expect((await login(email, "owner-password-1")).status).toBe(200);
    expect((await login(email, "stranger-password")).status).toBe(401);
    expect((await confirm(strangersLink ?? "", "stranger-password")).status).toBe(404);
  });

  it("a password set without proof before this fix: the owner's sign-in link clears it and ends the stranger's session", async () => {
    const email = freshEmail("victim");
    const taken = await guestSession(email);
    await (
      await getDb()
    )
      .update(users)
      .set({ passwordHash: await hashPassword("stranger-password"), roles: ["customer"], emailVerifiedAt: null })
      .where(eq(users.id, taken.id));
    const strangerLogin = await login(email, "stranger-password");
    expect(strangerLogin.status).toBe(200);
    const strangerCookie = cookieFrom(strangerLogin);

    const asked = await call(loginLinkRoute.POST, {
      method: "POST",
      path: "/api/auth/login-link",
      body: { email },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(asked.status).toBe(202);
    const token = await mailedLinkToken(email, "sign-in-link");
    const used = await call<SessionBody>(useLinkRoute.POST, { method: "POST", path: "/api/auth/login-link/use", body: { token } });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(await signedIn(cookieFrom(used))).toBe(true);
    expect(await signedIn(strangerCookie)).toBe(false);
    expect((await login(email, "stranger-password")).status).toBe(401);
    const [row] = await (
      await getDb()
    )
      .select({ hash: users.passwordHash, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, taken.id));
    expect(row?.hash).toBeNull();
    expect(row?.verified).toBeInstanceOf(Date);
  });
});

describe("the claim mail is no way to flood a mailbox", () => {
  it(`at most ${MAIL_LIMIT} claim mails per email and hour, whatever guest sessions and client addresses ask`, async () => {
    const email = freshEmail("flooded");
    for (let i = 0; i < MAIL_LIMIT; i++) {
      const session = await guestSession(email);
      expect((await claim(`stranger-pass-${i}`, session.cookie)).status).toBe(202);
    }
    const refused = await claim("stranger-pass-x", (await guestSession(email)).cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await queuedMails(email)).toHaveLength(MAIL_LIMIT);
  });

  it(`at most ${MAIL_LIMIT} claim mails per client address and hour, whatever emails it names`, async () => {
    const ip = freshIp();
    for (let i = 0; i < MAIL_LIMIT; i++) {
      const session = await guestSession(freshEmail("spray"));
      expect((await claim("stranger-password", session.cookie, ip)).status).toBe(202);
    }
    const email = freshEmail("spray");
    const refused = await claim("stranger-password", (await guestSession(email)).cookie, ip);
    expect(refused.status).toBe(429);
    expect(await queuedMails(email)).toHaveLength(0);
  });
});
