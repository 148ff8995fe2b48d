import { randomBytes, randomInt } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { authTokens, cartItems, carts, images, orders, outgoingMail, users } from "@/db/schema";
import * as forgot from "@/app/api/auth/password/forgot/route";
import * as reset from "@/app/api/auth/password/reset/route";
import * as login from "@/app/api/auth/login/route";
import * as register from "@/app/api/auth/register/route";
import * as session from "@/app/api/auth/session/route";
import { resetEnvCache } from "@/lib/env";
import { flushAfterResponse, holdAfterResponse } from "@/lib/request-context/after-response";
import { hashPassword } from "@/lib/security/password";
import { claimedRoles, claimGuestAccounts } from "@/lib/services/account";
import { hashToken } from "@/lib/services/link-tokens/account";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { deliveredMail, mailedLinkToken, queuedMails } from "../helpers/mail";
import { tempDir } from "../helpers/test-db";
import { registerCustomer } from "../helpers/register";
import { checkoutBody, fillCart, listOrders, placedOrder, type ErrorBody } from "../helpers/orders";

type SessionBody = { authenticated: boolean; user: { id: number; email: string } | null; roles: string[] };

const LINK_INVALID = "This link is invalid or has expired. Please request a new one.";
const SENT = "If an account exists for this email, we have sent a link to reset the password.";
const CHECK_MAIL = "Please check your mailbox: we have sent you an email to finish creating your account.";
const LIMIT = 3;

const runTag = randomBytes(3).toString("hex");
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${runTag}-${++seq}@test.local`;
const freshIp = () => `203.0.${randomInt(256)}.${randomInt(1, 255)}`;

/** The value, or a failed test when it is missing. */
function some<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} missing`);
  return value;
}

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-password-reset-");
  process.env.FORGOT_PASSWORD_PER_HOUR = String(LIMIT);
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  delete process.env.SMTP_URL;
  delete process.env.AUTH_URL;
  resetEnvCache();
});

function postForgot(body: unknown, opts: { ip?: string; lang?: string; cookie?: string } = {}) {
  return call<{ message: string } & ErrorBody>(forgot.POST, {
    method: "POST",
    path: "/api/auth/password/forgot",
    body,
    cookie: opts.cookie,
    headers: { "x-forwarded-for": opts.ip ?? freshIp(), "accept-language": opts.lang ?? "en" },
  });
}

function postReset(body: unknown, cookie?: string) {
  return call<SessionBody & ErrorBody>(reset.POST, { method: "POST", path: "/api/auth/password/reset", body, cookie });
}

function postLogin(email: string, password: string) {
  return call<SessionBody & ErrorBody>(login.POST, {
    method: "POST",
    path: "/api/auth/login",
    body: { email, password },
    headers: { "x-forwarded-for": freshIp() },
  });
}

function postRegister(body: Record<string, unknown>, ip = freshIp()) {
  return call<SessionBody & ErrorBody & { checkMail?: boolean }>(register.POST, {
    method: "POST",
    path: "/api/auth/register",
    body,
    headers: { "x-forwarded-for": ip },
  });
}

async function sessionOf(cookie: string) {
  return (await call<SessionBody>(session.GET, { path: "/api/auth/session", cookie })).body;
}

const mailedToken = (email: string) => mailedLinkToken(email, "reset-password");

/** A customer account with a password, registered through the API. */
async function newAccount(tag: string) {
  const email = freshEmail(tag);
  const password = `old-${tag}-password`;
  const res = await registerCustomer<SessionBody>({ email, password, firstName: "Rita", lastName: tag }, { ip: freshIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, password, id: some(res.body.user, "user").id, cookie: cookieFrom(res) };
}

/** A guest account for the email (as the checkout makes one per guest order). */
async function newGuest(email: string) {
  const res = await postRegister({ email, guest: true, firstName: "Gina", lastName: "Guest" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: some(res.body.user, "user").id, cookie: cookieFrom(res) };
}

/** Asks for a link and answers the mail that was queued for it. */
async function requestLinkMail(email: string) {
  expect((await postForgot({ email })).status).toBe(202);
  const [mail] = await queuedMails(email);
  return some(mail, "mail");
}

async function requestLink(email: string, lang = "en"): Promise<string> {
  const res = await postForgot({ email }, { lang });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return mailedToken(email);
}

describe("POST /api/auth/password/forgot", () => {
  it("answers 202 with the same message whether or not the email has an account, and mails a link only to an account", async () => {
    const account = await newAccount("forgot");
    const unknown = freshEmail("nobody");
    const known = await postForgot({ email: account.email.toUpperCase() });
    const missing = await postForgot({ email: unknown });
    expect(known.status).toBe(202);
    expect(missing.status).toBe(202);
    expect(known.body).toEqual({ message: SENT });
    expect(missing.body).toEqual({ message: SENT });
    expect(await queuedMails(unknown)).toHaveLength(0);
    const [mail] = await queuedMails(account.email);
    expect(mail).toMatchObject({ kind: "account", subject: "Reset your MugMagic password", status: "sent" });
    expect(some(mail, "mail").text).toContain("Hello Rita,");
    expect(some(mail, "mail").text).toContain("expires in 60 minutes");
    expect(deliveredMail(some(mail, "mail").id)).toContain('href="http://localhost/reset-password?token=');
    // Only the hash is stored: the mailed token is not in the table.
    const token = await mailedToken(account.email);
    const rows = await (await getDb()).select().from(authTokens).where(eq(authTokens.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(some(rows[0], "token row").tokenHash).toBe(hashToken(token));
    expect(some(rows[0], "token row").tokenHash).not.toContain(token);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const minutes = (some(rows[0], "token row").expiresAt.getTime() - some(rows[0], "token row").createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThan(61);
  });

  it("answers before it looks the email up: identical answers, the known email's mail queued only after the answer", async () => {
    const account = await newAccount("after");
    const unknown = freshEmail("after-nobody");
    const db = await getDb();
    const before = (await queuedMails(account.email)).length; // the sign-up's confirmation
    const release = holdAfterResponse();
    try {
      const known = await postForgot({ email: account.email });
      // Nothing about the account has happened yet when the handler has answered.
      const queuedAtAnswer = await db.select().from(outgoingMail).where(eq(outgoingMail.to, account.email));
      const tokensAtAnswer = await db.select().from(authTokens).where(eq(authTokens.userId, account.id));
      const missing = await postForgot({ email: unknown });
      expect(queuedAtAnswer).toHaveLength(before);
      expect(tokensAtAnswer).toHaveLength(0);
      expect(known.status).toBe(202);
      expect(missing.status).toBe(202);
      expect(known.body).toEqual(missing.body);
      expect([...known.headers.keys()].filter((h) => h !== "x-request-id")).toEqual(
        [...missing.headers.keys()].filter((h) => h !== "x-request-id"),
      );
    } finally {
      release();
    }
    await flushAfterResponse();
    expect(await db.select().from(outgoingMail).where(eq(outgoingMail.to, account.email))).toHaveLength(before + 1);
    expect(await db.select().from(outgoingMail).where(eq(outgoingMail.to, unknown))).toHaveLength(0);
  });

  it("writes the mail in the language of the request", async () => {
    const account = await newAccount("forgot-de");
    const res = await postForgot({ email: account.email }, { lang: "de" });
    expect(res.body.message).toBe(
      "Falls es für diese E-Mail-Adresse ein Konto gibt, haben wir dir einen Link zum Zurücksetzen des Passworts geschickt.",
    );
    const [mail] = await queuedMails(account.email);
    expect(some(mail, "mail").subject).toBe("Setze dein MugMagic-Passwort zurück");
    expect(some(mail, "mail").text).toContain("Hallo Rita,");
    expect(some(mail, "mail").text).toContain("läuft in 60 Minuten ab");
  });

  it("puts AUTH_URL into the link when it is set", async () => {
    const account = await newAccount("forgot-url");
    process.env.AUTH_URL = "https://shop.example.com/";
    resetEnvCache();
    try {
      expect((await postForgot({ email: account.email })).status).toBe(202);
      await flushAfterResponse(); // the link is written after the answer, while AUTH_URL is still set
    } finally {
      delete process.env.AUTH_URL;
      resetEnvCache();
    }
    const [mail] = await queuedMails(account.email);
    expect(deliveredMail(some(mail, "mail").id)).toMatch(/^https:\/\/shop\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}\r?$/m);
  });

  it("refuses a body that is not an email (422)", async () => {
    for (const body of [{}, { email: "" }, { email: "not-an-email" }]) {
      const res = await postForgot(body);
      expect(res.status).toBe(422);
      expect(res.body.errors?.email).toBeTruthy();
    }
  });

  it(`limits mails to ${LIMIT} per hour per email (any address) and per client address (any email)`, async () => {
    const account = await newAccount("limit");
    for (let i = 0; i < LIMIT; i++) expect((await postForgot({ email: account.email })).status).toBe(202);
    const refused = await postForgot({ email: account.email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await queuedMails(account.email)).filter((m) => m.subject === "Reset your MugMagic password")).toHaveLength(LIMIT);

    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) expect((await postForgot({ email: freshEmail("spray") }, { ip })).status).toBe(202);
    expect((await postForgot({ email: freshEmail("spray") }, { ip })).status).toBe(429);
  });

  it("is open to every caller (access matrix: anonymous, guest, customer, admin)", async () => {
    for (const who of ["anonymous", "customer", "admin"] as Role[]) {
      const res = await postForgot({ email: freshEmail("matrix") }, { cookie: await cookieFor(who) });
      expect(res.status, who).toBe(202);
    }
    const guest = await newGuest(freshEmail("matrix-guest"));
    expect((await postForgot({ email: freshEmail("matrix") }, { cookie: guest.cookie })).status).toBe(202);
  });
});

describe("POST /api/auth/password/reset", () => {
  it("sets the password with the mailed link, signs in and ends every other session", async () => {
    const account = await newAccount("reset");
    const token = await requestLink(account.email);
    const res = await postReset({ token, password: "brand-new-password" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ authenticated: true, user: { id: account.id, email: account.email }, roles: ["customer"] });
    const fresh = cookieFrom(res);
    expect((await sessionOf(fresh)).authenticated).toBe(true);
    expect((await sessionOf(account.cookie)).authenticated).toBe(false);
    expect((await postLogin(account.email, account.password)).status).toBe(401);
    expect((await postLogin(account.email, "brand-new-password")).status).toBe(200);
  });

  it("refuses an unknown, a used and an expired token with 404 and changes nothing", async () => {
    const account = await newAccount("misuse");
    const unknown = await postReset({ token: randomBytes(32).toString("base64url"), password: "whatever-password" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LINK_INVALID);

    const token = await requestLink(account.email);
    expect((await postReset({ token, password: "first-new-password" })).status).toBe(200);
    const reused = await postReset({ token, password: "second-new-password" });
    expect(reused.status).toBe(404);
    expect(reused.body.message).toBe(LINK_INVALID);

    const expiring = await requestLink(account.email);
    await (
      await getDb()
    )
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(expiring)));
    const expired = await postReset({ token: expiring, password: "third-new-password" });
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(LINK_INVALID);
    expect((await postLogin(account.email, "first-new-password")).status).toBe(200);
  });

  it("validates the body (422) before looking at the token", async () => {
    const short = await postReset({ token: "abc", password: "short" });
    expect(short.status).toBe(422);
    expect(short.body.errors?.password).toBe("Password must be at least 8 characters");
    expect((await postReset({ password: "long-enough-password" })).status).toBe(422);
    expect((await postReset({ token: "abc", password: "x".repeat(201) })).status).toBe(422);
  });

  it("resets the token's account whoever calls (another user's session does not matter) and never the caller's", async () => {
    const owner = await newAccount("owner");
    const caller = await newAccount("caller");
    const token = await requestLink(owner.email);
    const res = await postReset({ token, password: "owner-new-password" }, caller.cookie);
    expect(res.status).toBe(200);
    expect(res.body.user?.id).toBe(owner.id);
    expect((await postLogin(caller.email, caller.password)).status).toBe(200);
    expect((await postLogin(owner.email, "owner-new-password")).status).toBe(200);
    // The owner's link used: nobody else can use it again (another user's link → 404).
    expect((await postReset({ token, password: "caller-takes-over" }, caller.cookie)).status).toBe(404);
  });

  it("an older link stays valid until one link of the account is used; then all are", async () => {
    const account = await newAccount("two-links");
    const first = await requestLink(account.email);
    const second = await requestLink(account.email);
    expect(first).not.toBe(second);
    expect((await postReset({ token: first, password: "from-first-link" })).status).toBe(200);
    expect((await postReset({ token: second, password: "from-second-link" })).status).toBe(404);
    expect((await postLogin(account.email, "from-first-link")).status).toBe(200);
  });

  it("of two concurrent uses of one link exactly one succeeds", async () => {
    const account = await newAccount("race");
    const token = await requestLink(account.email);
    const results = await Promise.all([
      postReset({ token, password: "racer-one-password" }),
      postReset({ token, password: "racer-two-password" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = some(
      results.find((r) => r.status === 200),
      "winner",
    );
    const winning = winner === results[0] ? "racer-one-password" : "racer-two-password";
    expect((await postLogin(account.email, winning)).status).toBe(200);
  });
});

describe("guest-only email: the link sets a password and keeps the orders", () => {
  it("mails the set-a-password link; using it turns the guest into a customer with its orders and images", async () => {
    const email = freshEmail("guest");
    const guest = await newGuest(email);
    const placed = await placedOrder({ cookie: guest.cookie }, guest.id, {
      body: checkoutBody({ contact: { email, firstName: "Gina", lastName: "Guest" } }),
    });
    const res = await postForgot({ email });
    expect(res.body).toEqual({ message: SENT });
    const [mail] = await queuedMails(email);
    expect(mail).toMatchObject({ kind: "account", subject: "Set a password for your MugMagic orders" });
    expect(some(mail, "mail").text).toContain("as a guest");
    const token = await mailedToken(email);

    const done = await postReset({ token, password: "guest-now-customer" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ authenticated: true, user: { id: guest.id, email }, roles: ["customer"] });
    expect((await sessionOf(guest.cookie)).authenticated).toBe(false);
    const cookie = cookieFrom(done);
    const list = await listOrders({ cookie });
    expect(list.body.map((o) => o.id)).toEqual([placed.order.id]);
    const owned = await (await getDb()).select({ id: images.id }).from(images).where(eq(images.ownerId, guest.id));
    expect(owned.length).toBeGreaterThan(0);
    expect((await postLogin(email, "guest-now-customer")).status).toBe(200);
  });

  it("merges two guest accounts of one email into the oldest: orders, images, cart lines; the other is deleted", async () => {
    const email = freshEmail("two-guests");
    const first = await newGuest(email);
    const second = await newGuest(email);
    const contact = { contact: { email, firstName: "Gina", lastName: "Guest" } };
    const a = await placedOrder({ cookie: first.cookie }, first.id, { body: checkoutBody(contact) });
    const b = await placedOrder({ cookie: second.cookie }, second.id, { body: checkoutBody(contact) });
    // The second guest also has a line in its cart.
    await fillCart({ cookie: second.cookie }, second.id, 2);
    const db = await getDb();
    const secondImages = (await db.select({ id: images.id }).from(images).where(eq(images.ownerId, second.id))).map((r) => r.id);
    expect(secondImages.length).toBeGreaterThan(0);

    const done = await postReset({ token: await requestLink(email), password: "merged-guest-password" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user?.id).toBe(first.id);
    const cookie = cookieFrom(done);
    const list = await listOrders({ cookie });
    expect(list.body.map((o) => o.id).sort()).toEqual([a.order.id, b.order.id].sort());
    expect(await db.select().from(users).where(eq(users.id, second.id))).toHaveLength(0);
    const moved = await db.select({ ownerId: images.ownerId }).from(images).where(inArray(images.id, secondImages));
    expect(moved.every((r) => r.ownerId === first.id)).toBe(true);
    const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, first.id));
    const lines = await db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.cartId, some(cart, "cart").id));
    expect(lines.map((l) => l.quantity)).toContain(2);
    expect((await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, b.order.id)))[0]?.userId).toBe(first.id);
    expect((await sessionOf(second.cookie)).authenticated).toBe(false);
  });

  it("an email with a password account and guest orders: the reset link goes to the account, which takes over the guests' orders", async () => {
    const account = await newAccount("mixed");
    const guest = await newGuest(account.email);
    const placed = await placedOrder({ cookie: guest.cookie }, guest.id, {
      body: checkoutBody({ contact: { email: account.email, firstName: "Rita", lastName: "Mixed" } }),
    });
    expect((await requestLinkMail(account.email)).subject).toBe("Reset your MugMagic password");
    const done = await postReset({ token: await mailedToken(account.email), password: "mixed-new-password" });
    expect(done.body).toMatchObject({ user: { id: account.id }, roles: ["customer"] });
    const list = await listOrders({ cookie: cookieFrom(done) });
    expect(list.body.map((o) => o.id)).toEqual([placed.order.id]);
    expect(await (await getDb()).select().from(users).where(eq(users.id, guest.id))).toHaveLength(0);
  });

  it("roles after setting a password: guest → customer, admin and customer kept", () => {
    expect(claimedRoles(["guest"])).toEqual(["customer"]);
    expect(claimedRoles(["customer"])).toEqual(["customer"]);
    expect(claimedRoles(["admin"])).toEqual(["admin"]);
    expect(claimedRoles(["customer", "admin"])).toEqual(["customer", "admin"]);
  });

  it("a customer account without a password (a sign-in link cleared an unproved one) is the one kept: the guests merge into it", async () => {
    const email = freshEmail("cleared");
    const older = await newGuest(email);
    const cleared = await newGuest(email);
    await (
      await getDb()
    )
      .update(users)
      .set({ roles: ["customer"] })
      .where(eq(users.id, cleared.id));
    const user = await claimGuestAccounts(email, await hashPassword("chosen-password"));
    expect(user).toMatchObject({ id: cleared.id, roles: ["customer"] });
    const rows = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(rows.map((r) => r.id)).toEqual([cleared.id]);
    expect(older.id).not.toBe(cleared.id);
  });
});

describe("POST /api/auth/register with an email that has guest accounts", () => {
  it("answers the neutral 202 and mails the set-a-password link instead of creating a second account", async () => {
    const email = freshEmail("reg-guest");
    const guest = await newGuest(email);
    const res = await postRegister({ email, password: "wants-an-account", firstName: "Gina", lastName: "Guest" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ checkMail: true, message: CHECK_MAIL });
    expect(res.headers.get("set-cookie")).toBeNull();
    const [mail] = await queuedMails(email);
    const accounts = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(accounts.map((a) => a.id)).toEqual([guest.id]);
    expect(mail).toMatchObject({ kind: "account", subject: "Set a password for your MugMagic orders" });
    // The link works like the forgot-password one.
    const done = await postReset({ token: await mailedToken(email), password: "wants-an-account" });
    expect(done.body).toMatchObject({ user: { id: guest.id }, roles: ["customer"] });
  });

  it(`is limited like forgot password (${LIMIT} mails per email and hour)`, async () => {
    const email = freshEmail("reg-limit");
    await newGuest(email);
    for (let i = 0; i < LIMIT; i++) expect((await postRegister({ email, password: "wants-an-account" })).status).toBe(202);
    expect((await postRegister({ email, password: "wants-an-account" })).status).toBe(429);
    expect(await queuedMails(email)).toHaveLength(LIMIT);
  });

  it("an email with a password account: the neutral 202, its owner gets a reset link; guest registration is unchanged", async () => {
    const account = await newAccount("reg-taken");
    const res = await postRegister({ email: account.email, password: "another-password" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ checkMail: true, message: CHECK_MAIL });
    const [mail] = await queuedMails(account.email);
    expect(mail?.subject).toBe("Someone tried to create a MugMagic account with your address");
    expect((await postLogin(account.email, "another-password")).status).toBe(401);
    const done = await postReset({ token: await mailedToken(account.email), password: "owner-chose-this" });
    expect(done.body).toMatchObject({ user: { id: account.id } });

    const email = freshEmail("reg-guest-again");
    await newGuest(email);
    const again = await postRegister({ email, guest: true });
    expect(again.status).toBe(201);
    expect(again.body.roles).toEqual(["guest"]);
    expect(await queuedMails(email)).toHaveLength(0);
    const rows = await (
      await getDb()
    )
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email)));
    expect(rows).toHaveLength(2);
  });
});
