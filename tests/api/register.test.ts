import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { outgoingMail, pendingRegistrations, users } from "@/db/schema";
import * as register from "@/app/api/auth/register/route";
import * as confirm from "@/app/api/auth/register/confirm/route";
import * as login from "@/app/api/auth/login/route";
import * as session from "@/app/api/auth/session/route";
import { flushAfterResponse, holdAfterResponse } from "@/lib/request-context/after-response";
import { resetEnvCache } from "@/lib/env";
import { hashToken } from "@/lib/services/link-tokens/account";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { queuedMails } from "../helpers/mail";
import { confirmationToken, registerCustomer } from "../helpers/register";
import { tempDir } from "../helpers/test-db";

type SessionBody = { authenticated: boolean; user: { id: number; email: string; firstName: string | null } | null; roles: string[] };
type Answer = SessionBody & { message: string; checkMail?: boolean; errors?: Record<string, string> };

const CHECK_MAIL = "Please check your mailbox: we have sent you an email to finish creating your account.";
const LINK_INVALID = "This link is invalid or has expired. Please request a new one.";
const MAIL_LIMIT = 3;
const REGISTER_LIMIT = 6;
const CONFIRM_ATTEMPTS = 5;

const runTag = randomBytes(3).toString("hex");
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${runTag}-${++seq}@test.local`;
const freshIp = () => `203.0.${randomInt(256)}.${randomInt(1, 255)}`;

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-register-");
  process.env.FORGOT_PASSWORD_PER_HOUR = String(MAIL_LIMIT);
  process.env.REGISTRATIONS_PER_HOUR = String(REGISTER_LIMIT);
  delete process.env.REGISTRATION_CONFIRM_HOURS;
  delete process.env.SMTP_URL;
  delete process.env.AUTH_URL;
  resetEnvCache();
});

function postRegister(body: unknown, opts: { ip?: string; lang?: string; cookie?: string } = {}) {
  return call<Answer>(register.POST, {
    method: "POST",
    path: "/api/auth/register",
    body,
    cookie: opts.cookie,
    headers: { "x-forwarded-for": opts.ip ?? freshIp(), "accept-language": opts.lang ?? "en" },
  });
}

function postConfirm(body: unknown, cookie?: string) {
  return call<Answer>(confirm.POST, { method: "POST", path: "/api/auth/register/confirm", body, cookie });
}

async function accountsOf(email: string) {
  return (await getDb())
    .select({ id: users.id, roles: users.roles, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email));
}

async function newAccount(tag: string) {
  const email = freshEmail(tag);
  const res = await registerCustomer<Answer>({ email, password: "owner-password", firstName: "Olga", lastName: tag }, { ip: freshIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, id: res.body.user?.id ?? 0, cookie: cookieFrom(res) };
}

async function newGuest(email: string) {
  const res = await postRegister({ email, guest: true, firstName: "Gina", lastName: "Guest" });
  expect(res.status).toBe(201);
  return res.body.user?.id ?? 0;
}

describe("POST /api/auth/register (customer sign-up)", () => {
  it("answers a new address, a password account's and a guest-only one alike, with no session and nothing done before the answer", async () => {
    const fresh = freshEmail("new");
    const account = await newAccount("known");
    const guestEmail = freshEmail("guest-only");
    const guestId = await newGuest(guestEmail);
    const db = await getDb();
    const answers = [];
    const release = holdAfterResponse();
    try {
      for (const email of [fresh, account.email, guestEmail]) {
        answers.push(await postRegister({ email, password: "wants-an-account", firstName: "Nina", lastName: "Neu" }));
        // At the answer nothing has been looked up, stored or mailed.
        expect(await db.select().from(outgoingMail).where(eq(outgoingMail.to, email))).toHaveLength(email === account.email ? 1 : 0);
        expect(await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toHaveLength(0);
      }
    } finally {
      release();
    }
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ checkMail: true, message: CHECK_MAIL });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    await flushAfterResponse();
    expect(await accountsOf(fresh)).toHaveLength(0);
    expect((await queuedMails(fresh))[0]).toMatchObject({ kind: "account", subject: "Confirm your MugMagic account" });
    expect((await queuedMails(fresh))[0]?.text).toContain("Hello Nina,");
    expect((await queuedMails(fresh))[0]?.text).toContain("expires in 24 hours");
    const [ownerMail] = await queuedMails(account.email);
    expect(ownerMail?.subject).toBe("Someone tried to create a MugMagic account with your address");
    expect(ownerMail?.text).toMatch(/\/reset-password\?token=/);
    const [guestMail] = await queuedMails(guestEmail);
    expect(guestMail?.subject).toBe("Set a password for your MugMagic orders");
    expect((await accountsOf(guestEmail)).map((a) => a.id)).toEqual([guestId]);
  });

  it("the mailed link creates the account (address verified), signs it in, and works once", async () => {
    const email = freshEmail("confirm");
    expect(
      (await postRegister({ email: email.toUpperCase(), password: "my-new-password", firstName: "Cora", lastName: "Confirm" })).status,
    ).toBe(202);
    const token = await confirmationToken(email);
    expect(token).toBeTruthy();
    const res = await postConfirm({ token, password: "my-new-password" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ authenticated: true, user: { email, firstName: "Cora" }, roles: ["customer"] });
    const me = await call<SessionBody>(session.GET, { path: "/api/auth/session", cookie: cookieFrom(res) });
    expect(me.body.user?.email).toBe(email);
    const [row] = await accountsOf(email);
    expect(row?.verified).toBeInstanceOf(Date);
    expect(await (await getDb()).select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toHaveLength(0);
    const signIn = await call<SessionBody>(login.POST, {
      method: "POST",
      path: "/api/auth/login",
      body: { email, password: "my-new-password" },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(signIn.status).toBe(200);
    const again = await postConfirm({ token, password: "my-new-password" });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(LINK_INVALID);
  });

  it("a stranger's sign-up for my address cannot be confirmed without the stranger's password", async () => {
    const email = freshEmail("victim");
    expect((await postRegister({ email, password: "strangers-password" })).status).toBe(202);
    const token = await confirmationToken(email);
    const wrong = await postConfirm({ token, password: "owners-own-password" });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(422);
    expect(wrong.body.errors?.password).toBe("The password is wrong.");
    expect(cookieFrom(wrong)).toBe("");
    expect(await accountsOf(email)).toHaveLength(0);
    const missing = await postConfirm({ token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.password).toBeTruthy();
    expect(await accountsOf(email)).toHaveLength(0);
    // The wrong password did not use up the link: whoever chose the password can still confirm.
    const right = await postConfirm({ token, password: "strangers-password" });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    expect(await accountsOf(email)).toHaveLength(1);
  });

  it(`a link takes ${CONFIRM_ATTEMPTS} wrong passwords, then it is gone (404)`, async () => {
    const email = freshEmail("guessing");
    await postRegister({ email, password: "the-right-one" });
    const token = await confirmationToken(email);
    for (let i = 0; i < CONFIRM_ATTEMPTS; i++)
      expect((await postConfirm({ token, password: `guess-number-${i}` })).status, `attempt ${i}`).toBe(422);
    const after = await postConfirm({ token, password: "the-right-one" });
    expect(after.status).toBe(404);
    expect(after.body.message).toBe(LINK_INVALID);
    expect(await accountsOf(email)).toHaveLength(0);
    expect(await (await getDb()).select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toHaveLength(0);
  });

  it("refuses an unknown and an expired link (404); an expired sign-up is deleted by the next one", async () => {
    expect((await postConfirm({ token: randomBytes(32).toString("base64url"), password: "my-new-password" })).status).toBe(404);
    const email = freshEmail("expired");
    await postRegister({ email, password: "my-new-password" });
    const token = (await confirmationToken(email)) ?? "";
    const db = await getDb();
    await db
      .update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.tokenHash, hashToken(token)));
    const expired = await postConfirm({ token, password: "my-new-password" });
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(LINK_INVALID);
    expect(await accountsOf(email)).toHaveLength(0);
    await postRegister({ email: freshEmail("next"), password: "my-new-password" });
    await flushAfterResponse();
    expect(await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toHaveLength(0);
  });

  it("validates the confirmation body (422)", async () => {
    expect((await postConfirm({})).status).toBe(422);
    expect((await postConfirm({ token: "", password: "my-new-password" })).status).toBe(422);
  });

  it(`limits mails per address (${MAIL_LIMIT} per hour, like forgot password) and sign-ups per client network (${REGISTER_LIMIT}; IPv6 per /48)`, async () => {
    const email = freshEmail("flood");
    for (let i = 0; i < MAIL_LIMIT; i++) expect((await postRegister({ email, password: "wants-an-account" })).status).toBe(202);
    const refused = await postRegister({ email, password: "wants-an-account" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await queuedMails(email)).toHaveLength(MAIL_LIMIT);

    for (let i = 0; i < REGISTER_LIMIT; i++)
      expect((await postRegister({ email: freshEmail("net"), password: "wants-an-account" }, { ip: `2001:db8:77:${i}::1` })).status).toBe(
        202,
      );
    expect((await postRegister({ email: freshEmail("net"), guest: true }, { ip: "2001:db8:77:99::1" })).status).toBe(429);
    expect((await postRegister({ email: freshEmail("net"), password: "wants-an-account" }, { ip: "2001:db8:78::1" })).status).toBe(202);
  });

  it("guest registration (checkout) is unchanged: 201 with a guest session at once", async () => {
    const email = freshEmail("guest");
    const res = await postRegister({ email, guest: true });
    expect(res.status).toBe(201);
    expect(res.body.roles).toEqual(["guest"]);
    expect(cookieFrom(res)).toMatch(/=/);
    expect(await queuedMails(email)).toHaveLength(0);
  });

  it("access matrix: sign-up and confirmation are open to anonymous, customer and admin callers; the link's account is signed in", async () => {
    for (const who of ["anonymous", "customer", "admin"] as Role[]) {
      const email = freshEmail(`matrix-${who}`);
      const cookie = await cookieFor(who);
      expect((await postRegister({ email, password: "wants-an-account" }, { cookie })).status, who).toBe(202);
      const res = await postConfirm({ token: await confirmationToken(email), password: "wants-an-account" }, cookie);
      expect(res.status, who).toBe(201);
      expect(res.body.user?.email, who).toBe(email);
    }
  });

  it("writes the answer and the confirmation mail in the caller's language", async () => {
    const email = freshEmail("de");
    const res = await postRegister({ email, password: "wants-an-account", firstName: "Jörg" }, { lang: "de" });
    expect(res.body.message).toBe(
      "Bitte schau in dein Postfach: Wir haben dir eine E-Mail geschickt, mit der du dein Konto fertig anlegst.",
    );
    const [mail] = await queuedMails(email);
    expect(mail?.subject).toBe("Bestätige dein MugMagic-Konto");
    expect(mail?.text).toContain("Hallo Jörg,");
    expect(mail?.text).toContain("läuft in 24 Stunden ab");
  });
});
