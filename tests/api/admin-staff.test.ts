import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { staffInvitations, users } from "@/db/schema";
import * as staffRoute from "@/app/api/admin/staff/route";
import * as staffMember from "@/app/api/admin/staff/[userId]/route";
import * as staffInvitation from "@/app/api/admin/staff/invitations/[invitationId]/route";
import * as acceptRoute from "@/app/api/auth/staff-invite/route";
import * as ordersRoute from "@/app/api/admin/orders/route";
import * as settingsRoute from "@/app/api/admin/settings/route";
import * as sessionRoute from "@/app/api/auth/session/route";
import * as accountRoute from "@/app/api/user/account/route";
import * as customerExport from "@/app/api/admin/customers/[customerId]/export/route";
import * as customerErase from "@/app/api/admin/customers/[customerId]/erase/route";
import { resetEnvCache } from "@/lib/env";
import { resendMail } from "@/lib/services/mail";
import { withLinkToken } from "@/lib/services/mail/links";
import { recordMailOutcome } from "@/lib/services/orders/core/events";
import { runRetention } from "@/lib/services/scheduled-jobs/retention";
import { ACCEPT_ATTEMPTS } from "@/lib/services/staff";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { deliveredMail, queuedMails } from "../helpers/mail";
import { newCustomer, userIdOf } from "../helpers/orders";
import { TEST_USERS, tempDir } from "../helpers/test-db";

type ErrorBody = { message: string; errors?: Record<string, string> };
type SessionBody = { authenticated: boolean; user: { id: number; email: string } | null; roles: string[] };
type Row = { key: string; kind: string; id: number; email: string; name: string | null; role: string; status: string };

const runTag = randomBytes(3).toString("hex");
let seq = 0;
const freshEmail = (tag: string) => `staff-${tag}-${runTag}-${++seq}@test.local`;
const DAY = 86_400_000;

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-admin-staff-");
  delete process.env.SMTP_URL;
  resetEnvCache();
});

const invite = async (body: unknown, who: Role = "admin", lang = "en") =>
  call<{ id: number; email: string } & ErrorBody>(staffRoute.POST, {
    method: "POST",
    path: "/api/admin/staff",
    body,
    cookie: await cookieFor(who),
    headers: { "accept-language": lang },
  });
const list = async () => (await call<Row[]>(staffRoute.GET, { path: "/api/admin/staff", cookie: await cookieFor("admin") })).body;
const accept = (body: unknown) => call<SessionBody & ErrorBody>(acceptRoute.POST, { method: "POST", path: "/api/auth/staff-invite", body });
const remove = async (userId: number, who: Role = "admin") =>
  call<ErrorBody>(staffMember.DELETE, {
    method: "DELETE",
    path: `/api/admin/staff/${userId}`,
    params: { userId: String(userId) },
    cookie: await cookieFor(who),
  });
const session = (cookie: string) => call<SessionBody>(sessionRoute.GET, { path: "/api/auth/session", cookie });
const adminGet = (handler: typeof ordersRoute.GET, cookie: string) => call(handler, { path: "/api/admin/x", cookie });

/** The token of the newest invitation link delivered to the address, as the invitee would click it. */
async function inviteToken(email: string): Promise<string> {
  const [mail] = await queuedMails(email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const token = /\/staff-invite\?token=([A-Za-z0-9_-]{43})/.exec(deliveredMail(mail.id))?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  return token;
}

describe("inviting staff by mail", () => {
  it("the owner invites; the mailed link makes a new account staff, never owner; its session opens orders, not settings", async () => {
    const email = freshEmail("new");
    const res = await invite({ email: email.toUpperCase(), firstName: "Nia", lastName: "Pack" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.email).toBe(email);
    const [mail] = await queuedMails(email);
    expect(mail).toMatchObject({ status: "sent", subject: "Your invitation to the MugMagic back office", linkKind: "staff_invite" });
    // The stored mail holds only a placeholder; the token is made when the mail is sent.
    expect(mail?.text).not.toMatch(/staff-invite\?token=[A-Za-z0-9_-]{43}/);
    expect(mail?.text).toContain("Hello Nia,");
    expect(await list()).toContainEqual(expect.objectContaining({ kind: "invitation", email, status: "invited", name: "Nia Pack" }));

    const accepted = await accept({ token: await inviteToken(email), password: "staff-password-1" });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.roles).toEqual(["staff"]);
    const cookie = cookieFrom(accepted);
    expect((await session(cookie)).body).toMatchObject({ authenticated: true, roles: ["staff"], user: { email } });
    expect((await adminGet(ordersRoute.GET, cookie)).status).toBe(200);
    expect((await adminGet(settingsRoute.GET, cookie)).status).toBe(403);
    const rows = await list();
    expect(rows).toContainEqual(expect.objectContaining({ kind: "member", email, role: "staff", status: "active", name: "Nia Pack" }));
    expect(rows.filter((r) => r.email === email)).toHaveLength(1);
    expect(rows).toContainEqual(expect.objectContaining({ email: TEST_USERS.admin.email, role: "owner" }));
  });

  it("a link works once; a made-up token and a blank one are refused", async () => {
    const email = freshEmail("once");
    await invite({ email });
    const token = await inviteToken(email);
    expect((await accept({ token, password: "staff-password-1" })).status).toBe(200);
    expect((await accept({ token, password: "staff-password-1" })).status).toBe(404);
    expect((await accept({ token: randomBytes(32).toString("base64url"), password: "staff-password-1" })).status).toBe(404);
    expect((await accept({ token: "", password: "staff-password-1" })).status).toBe(422);
  });

  it("an existing account accepts with its own password: it keeps its roles and gains staff, its old sessions end", async () => {
    const customer = await newCustomer("staff-existing", { password: true });
    const email = customer.email;
    await invite({ email });
    const token = await inviteToken(email);
    const wrong = await accept({ token, password: "not-the-password" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.password).toBe("The password is wrong.");
    const ok = await accept({ token, password: "customer-pass-123" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect([...ok.body.roles].sort()).toEqual(["customer", "staff"]);
    expect((await session(customer.cookie)).body.authenticated).toBe(false);
    expect((await adminGet(ordersRoute.GET, cookieFrom(ok))).status).toBe(200);
  });

  it("wrong passwords on one link are limited: past the limit the invitation is gone", async () => {
    const customer = await newCustomer("staff-existing", { password: true });
    await invite({ email: customer.email });
    const token = await inviteToken(customer.email);
    for (let i = 0; i < ACCEPT_ATTEMPTS; i++) expect((await accept({ token, password: `wrong-${i}-password` })).status).toBe(422);
    expect((await accept({ token, password: "customer-pass-123" })).status).toBe(404);
    const [row] = await (await getDb()).select().from(users).where(eq(users.email, customer.email));
    expect(row?.roles).toEqual(["customer"]);
  });

  it("a new account needs a password of 8 characters", async () => {
    const email = freshEmail("short");
    await invite({ email });
    const res = await accept({ token: await inviteToken(email), password: "short" });
    expect(res.status).toBe(422);
    expect(res.body.errors?.password).toBeTruthy();
  });

  it("a new invitation replaces the open one: the older link stops working", async () => {
    const email = freshEmail("again");
    await invite({ email });
    const first = await inviteToken(email);
    await invite({ email });
    const second = await inviteToken(email);
    expect(second).not.toBe(first);
    expect((await accept({ token: first, password: "staff-password-1" })).status).toBe(404);
    expect((await accept({ token: second, password: "staff-password-1" })).status).toBe(200);
  });

  it("the token is issued only for the invitation's own address: a mail row pointed elsewhere carries none", async () => {
    const email = freshEmail("bound");
    await invite({ email });
    const [mail] = await queuedMails(email);
    if (!mail) throw new Error("mailed");
    await expect(withLinkToken({ ...mail, to: "someone-else@test.local" })).rejects.toThrow(/not for its recipient/);
  });

  it("a resent invitation mail carries a fresh link; once accepted, a resend has no link to make", async () => {
    const email = freshEmail("resend");
    await invite({ email });
    const [mail] = await queuedMails(email);
    if (!mail) throw new Error("mailed");
    const copy = await resendMail(mail.id, recordMailOutcome);
    expect(copy.status).toBe("sent");
    const token = /\/staff-invite\?token=([A-Za-z0-9_-]{43})/.exec(deliveredMail(copy.id))?.[1] ?? "";
    expect((await accept({ token, password: "staff-password-1" })).status).toBe(200);
    expect((await resendMail(mail.id, recordMailOutcome)).status).toBe("failed");
  });

  it("an expired invitation is refused and listed as expired", async () => {
    const email = freshEmail("expired");
    const { body } = await invite({ email });
    const token = await inviteToken(email);
    await (
      await getDb()
    )
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, body.id));
    expect((await accept({ token, password: "staff-password-1" })).status).toBe(404);
    expect(await list()).toContainEqual(expect.objectContaining({ kind: "invitation", email, status: "expired" }));
  });

  it("the owner withdraws an open invitation: its link stops working; an unknown one is 404", async () => {
    const email = freshEmail("revoke");
    const { body } = await invite({ email });
    const token = await inviteToken(email);
    const revoke = async (id: number) =>
      call(staffInvitation.DELETE, {
        method: "DELETE",
        path: `/api/admin/staff/invitations/${id}`,
        params: { invitationId: String(id) },
        cookie: await cookieFor("admin"),
      });
    expect((await revoke(body.id)).status).toBe(204);
    expect((await revoke(body.id)).status).toBe(404);
    expect((await accept({ token, password: "staff-password-1" })).status).toBe(404);
  });

  it("the owner and existing staff are not invited again; bad input is a field error", async () => {
    expect((await invite({ email: TEST_USERS.admin.email })).status).toBe(409);
    expect((await invite({ email: TEST_USERS.staff.email })).status).toBe(409);
    const bad = await invite({ email: "not-an-email" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.email).toBeTruthy();
  });

  it("the invitation mail follows the owner's language and escapes the names", async () => {
    const email = freshEmail("de");
    expect((await invite({ email, firstName: "Zoë" }, "admin", "de")).status).toBe(201);
    const [mail] = await queuedMails(email);
    expect(mail?.subject).toBe("Deine Einladung ins MugMagic-Backoffice");
    expect(mail?.text).toContain("Hallo Zoë,");
  });

  it("invitations are rate-limited per owner", async () => {
    process.env.STAFF_INVITES_PER_HOUR = "1";
    resetEnvCache();
    try {
      const res = await invite({ email: freshEmail("limit") });
      expect(res.status).toBe(429);
      expect(res.body.message).toBe("Too many invitations were sent. Please try again in an hour.");
    } finally {
      delete process.env.STAFF_INVITES_PER_HOUR;
      resetEnvCache();
    }
  });
});

describe("removing staff", () => {
  it("takes the staff role away and ends their sessions; the account stays a customer account", async () => {
    const email = freshEmail("leaver");
    await invite({ email });
    const accepted = await accept({ token: await inviteToken(email), password: "staff-password-1" });
    const cookie = cookieFrom(accepted);
    const id = accepted.body.user?.id ?? 0;
    expect((await remove(id)).status).toBe(204);
    expect((await session(cookie)).body.authenticated).toBe(false);
    expect((await adminGet(ordersRoute.GET, cookie)).status).toBe(401);
    const [row] = await (await getDb()).select({ roles: users.roles }).from(users).where(eq(users.id, id));
    expect(row?.roles).toEqual(["customer"]);
    expect((await remove(id)).status).toBe(404);
  });

  it("the owner cannot remove themselves; a customer is not staff (404); staff cannot remove anyone", async () => {
    const ownerId = await userIdOf(TEST_USERS.admin.email);
    const self = await remove(ownerId);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("You cannot remove yourself.");
    expect((await remove(await userIdOf(TEST_USERS.customer.email))).status).toBe(404);
    expect((await remove(await userIdOf(TEST_USERS.staff.email), "staff")).status).toBe(403);
  });
});

describe("staff and their own erasure", () => {
  it("a staff account cannot erase itself (its refunds and timeline entries would lose their author); once removed it can", async () => {
    const email = freshEmail("self-erase");
    await invite({ email });
    const accepted = await accept({ token: await inviteToken(email), password: "staff-password-1" });
    const id = accepted.body.user?.id ?? 0;
    const erase = (cookie: string) =>
      call<ErrorBody>(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account", cookie, body: { password: "staff-password-1" } });
    const refused = await erase(cookieFrom(accepted));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A back-office account cannot be deleted here: the owner removes it from the staff first.");
    expect((await remove(id)).status).toBe(204);
    const [row] = await (await getDb()).select({ email: users.email }).from(users).where(eq(users.id, id));
    expect(row?.email).toBe(email);
  });
});

describe("staff invitations are the invitee's personal data", () => {
  it("they are in the account's export and go with its erasure", async () => {
    const customer = await newCustomer("staff-export", { password: true });
    await invite({ email: customer.email, firstName: "Exa" });
    const params = { customerId: String(customer.id) };
    const cookie = await cookieFor("admin");
    const exported = await call<{ staffInvitations: { email: string; firstName: string | null }[] }>(customerExport.GET, {
      params,
      cookie,
    });
    expect(exported.status).toBe(200);
    expect(exported.body.staffInvitations).toEqual([expect.objectContaining({ email: customer.email, firstName: "Exa" })]);
    const erased = await call(customerErase.POST, { method: "POST", params, cookie, body: { reason: "asked by mail" } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const left = await (await getDb()).select().from(staffInvitations).where(eq(staffInvitations.email, customer.email));
    expect(left).toEqual([]);
  });
});

describe("retention of staff invitations", () => {
  it("deletes invitations 30 days after they were accepted or expired, keeps the rest", async () => {
    const db = await getDb();
    const now = new Date();
    const rows = await db
      .insert(staffInvitations)
      .values([
        {
          email: freshEmail("ret-accepted"),
          tokenHash: `h-${runTag}-1`,
          expiresAt: new Date(+now + DAY),
          acceptedAt: new Date(+now - 31 * DAY),
        },
        { email: freshEmail("ret-expired"), tokenHash: `h-${runTag}-2`, expiresAt: new Date(+now - 31 * DAY) },
        { email: freshEmail("ret-recent"), tokenHash: `h-${runTag}-3`, expiresAt: new Date(+now - 2 * DAY) },
        { email: freshEmail("ret-open"), tokenHash: `h-${runTag}-4`, expiresAt: new Date(+now + DAY) },
      ])
      .returning({ id: staffInvitations.id, email: staffInvitations.email });
    const result = await runRetention({ now });
    expect(result.staffInvitations).toBeGreaterThanOrEqual(2);
    const left = new Set((await db.select({ id: staffInvitations.id }).from(staffInvitations)).map((r) => r.id));
    expect(rows.map((r) => left.has(r.id))).toEqual([false, false, true, true]);
  });
});
