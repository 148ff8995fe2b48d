import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { authTokens, outgoingMail, users } from "@/db/schema";
import * as loginLink from "@/app/api/auth/login-link/route";
import * as useLink from "@/app/api/auth/login-link/use/route";
import * as login from "@/app/api/auth/login/route";
import * as forgot from "@/app/api/auth/password/forgot/route";
import * as reset from "@/app/api/auth/password/reset/route";
import * as register from "@/app/api/auth/register/route";
import * as session from "@/app/api/auth/session/route";
import { env, resetEnvCache } from "@/lib/env";
import { holdAfterResponse } from "@/lib/request-context/after-response";
import { hashToken, issueSignInToken } from "@/lib/services/link-tokens/account";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { deliveredMail, mailedLinkToken, queuedMails } from "../helpers/mail";
import { tempDir } from "../helpers/test-db";
import { registerCustomer } from "../helpers/register";

type SessionBody = { authenticated: boolean; user: { id: number; email: string } | null; roles: string[] };
type ErrorBody = { message: string; errors?: Record<string, string> };

const SENT = "If an account exists for this email, we have sent a sign-in link.";
const LINK_INVALID = "This link is invalid or has expired. Please request a new one.";
const LIMIT = 3;

const runTag = randomBytes(3).toString("hex");
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${runTag}-${++seq}@test.local`;
const freshIp = () => `203.0.${randomInt(256)}.${randomInt(1, 255)}`;

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-login-link-");
  process.env.FORGOT_PASSWORD_PER_HOUR = String(LIMIT);
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  process.env.LOGIN_WINDOW_SECONDS = String(365 * 24 * 3600);
  delete process.env.LOGIN_LINK_MINUTES;
  delete process.env.SMTP_URL;
  delete process.env.AUTH_URL;
  resetEnvCache();
});

function postLink(body: unknown, opts: { ip?: string; cookie?: string; lang?: string } = {}) {
  return call<{ message: string } & ErrorBody>(loginLink.POST, {
    method: "POST",
    path: "/api/auth/login-link",
    body,
    cookie: opts.cookie,
    headers: { "x-forwarded-for": opts.ip ?? freshIp(), "accept-language": opts.lang ?? "en" },
  });
}

function postUse(body: unknown, cookie?: string) {
  return call<SessionBody & ErrorBody>(useLink.POST, { method: "POST", path: "/api/auth/login-link/use", body, cookie });
}

function postLogin(email: string, password: string, ip: string) {
  return call<SessionBody & ErrorBody>(login.POST, {
    method: "POST",
    path: "/api/auth/login",
    body: { email, password },
    headers: { "x-forwarded-for": ip },
  });
}

async function newAccount(tag: string) {
  const email = freshEmail(tag);
  const password = `pw-${tag}-secret`;
  const res = await registerCustomer<SessionBody>({ email, password, firstName: "Lina", lastName: tag }, { ip: freshIp() });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.user?.id;
  if (!id) throw new Error("no user");
  return { email, password, id };
}

const mailedToken = (email: string) => mailedLinkToken(email, "sign-in-link");

async function sessionOf(cookie: string) {
  return (await call<SessionBody>(session.GET, { path: "/api/auth/session", cookie })).body;
}

describe("POST /api/auth/login-link", () => {
  it("answers known and unknown emails alike, before the lookup; the account's mail is queued after the answer", async () => {
    const account = await newAccount("known");
    const unknown = freshEmail("nobody");
    const db = await getDb();
    const before = (await queuedMails(account.email)).length; // the sign-up's confirmation
    const release = holdAfterResponse();
    let known, atAnswer, missing;
    try {
      known = await postLink({ email: account.email });
      atAnswer = await db.select().from(outgoingMail).where(eq(outgoingMail.to, account.email));
      missing = await postLink({ email: unknown });
    } finally {
      release();
    }
    expect(atAnswer).toHaveLength(before);
    expect(known.status).toBe(202);
    expect(missing.status).toBe(202);
    expect(known.body).toEqual({ message: SENT });
    expect(missing.body).toEqual({ message: SENT });
    const [mail] = await queuedMails(account.email);
    expect(mail).toMatchObject({ kind: "account", subject: "Your MugMagic sign-in link" });
    expect(mail?.text).toContain("Hello Lina,");
    expect(mail?.text).toContain(`expires in ${env().LOGIN_LINK_MINUTES} minutes`);
    expect(await queuedMails(unknown)).toHaveLength(0);
    const [row] = await db.select().from(authTokens).where(eq(authTokens.userId, account.id));
    expect(row?.purpose).toBe("sign_in");
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThan(16);
  });

  it("mails nothing to an email with only guest accounts (a guest has no sign-in)", async () => {
    const email = freshEmail("guest-only");
    const guest = await call(register.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email, guest: true },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(guest.status).toBe(201);
    expect((await postLink({ email })).body).toEqual({ message: SENT });
    expect(await queuedMails(email)).toHaveLength(0);
  });

  it("writes the answer and the mail in the caller's language", async () => {
    const account = await newAccount("de");
    const res = await postLink({ email: account.email }, { lang: "de" });
    expect(res.body.message).toBe("Falls es für diese E-Mail-Adresse ein Konto gibt, haben wir dir einen Anmeldelink geschickt.");
    const [mail] = await queuedMails(account.email);
    expect(mail?.subject).toBe("Dein MugMagic-Anmeldelink");
    expect(mail?.text).toContain("Hallo Lina,");
  });

  it("refuses a body that is not an email (422)", async () => {
    for (const body of [{}, { email: "" }, { email: "not-an-email" }]) {
      const res = await postLink(body);
      expect(res.status).toBe(422);
      expect(res.body.errors?.email).toBeTruthy();
    }
  });

  it(`is limited like forgot password: ${LIMIT} per hour per email and per client address`, async () => {
    const account = await newAccount("limit");
    for (let i = 0; i < LIMIT; i++) expect((await postLink({ email: account.email })).status).toBe(202);
    const refused = await postLink({ email: account.email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await queuedMails(account.email)).filter((m) => m.subject === "Your MugMagic sign-in link")).toHaveLength(LIMIT);
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) expect((await postLink({ email: freshEmail("spray") }, { ip })).status).toBe(202);
    expect((await postLink({ email: freshEmail("spray") }, { ip })).status).toBe(429);
  });

  it("is open to every caller (access matrix: anonymous, guest, customer, admin)", async () => {
    for (const who of ["anonymous", "customer", "admin"] as Role[]) {
      expect((await postLink({ email: freshEmail("matrix") }, { cookie: await cookieFor(who) })).status, who).toBe(202);
    }
    const guest = await call(register.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email: freshEmail("matrix-guest"), guest: true },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect((await postLink({ email: freshEmail("matrix") }, { cookie: cookieFrom(guest) })).status).toBe(202);
  });
});

describe("POST /api/auth/login-link/use", () => {
  it("a throttled owner signs in with the mailed link; the address counts as verified", async () => {
    const account = await newAccount("throttled");
    const ip = freshIp();
    for (let i = 0; i <= env().LOGIN_MAX_FAILURES_PER_ACCOUNT; i++)
      expect((await postLogin(account.email, `wrong-${i}`, ip)).status).toBe(401);
    expect((await postLogin(account.email, account.password, ip)).status).toBe(429);
    expect((await postLink({ email: account.email }, { ip })).status).toBe(202);
    const res = await postUse({ token: await mailedToken(account.email) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ authenticated: true, user: { id: account.id, email: account.email }, roles: ["customer"] });
    expect((await sessionOf(cookieFrom(res))).authenticated).toBe(true);
    const [row] = await (await getDb()).select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, account.id));
    expect(row?.verified).toBeInstanceOf(Date);
  });

  it("is single use: the second use → 404 linkInvalid", async () => {
    const account = await newAccount("once");
    await postLink({ email: account.email });
    const token = await mailedToken(account.email);
    expect((await postUse({ token })).status).toBe(200);
    const again = await postUse({ token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(LINK_INVALID);
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("refuses an unknown, an expired and a password-reset token with 404 linkInvalid", async () => {
    const unknown = await postUse({ token: randomBytes(32).toString("base64url") });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LINK_INVALID);

    const account = await newAccount("expired");
    await postLink({ email: account.email });
    const token = await mailedToken(account.email);
    await (
      await getDb()
    )
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const expired = await postUse({ token });
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(LINK_INVALID);

    // A password-reset link is no sign-in link (and the other way round).
    expect(
      (
        await call(forgot.POST, {
          method: "POST",
          path: "/api/auth/password/forgot",
          body: { email: account.email },
          headers: { "x-forwarded-for": freshIp() },
        })
      ).status,
    ).toBe(202);
    const [resetMail] = await queuedMails(account.email);
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(resetMail ? deliveredMail(resetMail.id) : "")?.[1] ?? "";
    expect(resetToken).not.toBe("");
    expect((await postUse({ token: resetToken })).status).toBe(404);
    await postLink({ email: account.email });
    const signIn = await mailedToken(account.email);
    expect(
      (
        await call(reset.POST, {
          method: "POST",
          path: "/api/auth/password/reset",
          body: { token: signIn, password: "taken-over-password" },
        })
      ).status,
    ).toBe(404);
  });

  it("validates the body (422)", async () => {
    expect((await postUse({})).status).toBe(422);
    expect((await postUse({ token: "" })).status).toBe(422);
    expect((await postUse({ token: "x".repeat(201) })).status).toBe(422);
  });

  it("signs in the link's account whoever calls (access matrix: anonymous, another customer's session)", async () => {
    const account = await newAccount("matrix-use");
    for (const who of ["anonymous", "customer"] as Role[]) {
      await postLink({ email: account.email });
      const res = await postUse({ token: await mailedToken(account.email) }, await cookieFor(who));
      expect(res.status, who).toBe(200);
      expect(res.body.user?.id, who).toBe(account.id);
    }
  });
});

describe("sign-in links and back-office accounts", () => {
  const makeOwner = async (id: number) =>
    (await getDb())
      .update(users)
      .set({ roles: ["admin"] })
      .where(eq(users.id, id));

  it("mails no sign-in link to a back-office account; the answer stays the same neutral 202", async () => {
    const account = await newAccount("owner-mail");
    await makeOwner(account.id);
    const res = await postLink({ email: account.email });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: SENT });
    expect((await queuedMails(account.email)).filter((m) => m.subject === "Your MugMagic sign-in link")).toHaveLength(0);
  });

  it("refuses a sign-in link of a back-office account (404 linkInvalid), also one mailed before", async () => {
    const account = await newAccount("owner-use");
    await postLink({ email: account.email });
    const token = await mailedToken(account.email);
    await makeOwner(account.id);
    const res = await postUse({ token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(LINK_INVALID);
    expect(res.headers.get("set-cookie")).toBeNull();
    const [admin] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, "admin@test.local"));
    const issued = await issueSignInToken(await getDb(), admin?.id ?? 0);
    expect((await postUse({ token: issued })).status).toBe(404);
  });
});
