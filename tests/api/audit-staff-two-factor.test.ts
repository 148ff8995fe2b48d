// The audit log for staff changes, two-factor changes and the two-step sign-in: who, from where, what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, gt, max } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLog, users, type AuditLogRow } from "@/db/schema";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { resetEnvCache } from "@/lib/env";
import * as staffRoute from "@/app/api/admin/staff/route";
import * as staffMember from "@/app/api/admin/staff/[userId]/route";
import * as staffInvitation from "@/app/api/admin/staff/invitations/[invitationId]/route";
import * as acceptRoute from "@/app/api/auth/staff-invite/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as secondStep from "@/app/api/auth/login/two-factor/route";
import * as setup from "@/app/api/admin/security/two-factor/setup/route";
import * as enable from "@/app/api/admin/security/two-factor/enable/route";
import * as disable from "@/app/api/admin/security/two-factor/disable/route";
import * as recovery from "@/app/api/admin/security/two-factor/recovery-codes/route";
import * as policy from "@/app/api/admin/security/policy/route";
import { call, cookieFor, cookieFrom } from "../helpers/api";
import { deliveredMail, queuedMails } from "../helpers/mail";
import { codeFor, cookieNamed, enrolledOwner, newOwner, wrongCode } from "../helpers/two-factor";
import { TEST_USERS, tempDir } from "../helpers/test-db";

type Answer = { id?: number; message?: string; recoveryCodes?: string[]; secret?: string; twoFactorRequired?: boolean };

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const NETWORK = "203.0.113.9";
const DEVICE = "Firefox 133 · Windows";
/** The request as it arrives behind the one trusted proxy, from a known browser. */
const FROM = { "x-forwarded-for": NETWORK, "user-agent": FIREFOX };
const PENDING = "shop.2fa-pending";

let seq = 0;
const freshEmail = (tag: string) => `audit-staff-${tag}-${Date.now()}-${++seq}@test.local`;

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-audit-staff-2fa-");
  process.env.TRUSTED_PROXY_COUNT = "1";
  delete process.env.SMTP_URL;
  resetEnvCache();
  // The owner's own sign-in happens here, not inside a step whose rows a test counts.
  await cookieFor("admin");
});

afterAll(() => {
  delete process.env.TRUSTED_PROXY_COUNT;
  resetEnvCache();
});

async function lastId(): Promise<number> {
  const [row] = await (await getDb()).select({ id: max(auditLog.id) }).from(auditLog);
  return row?.id ?? 0;
}

/** Runs `act` and answers the audit rows it wrote. */
async function recorded(act: () => Promise<unknown>): Promise<AuditLogRow[]> {
  const before = await lastId();
  await act();
  await flushAfterResponse();
  return (await getDb()).select().from(auditLog).where(gt(auditLog.id, before)).orderBy(asc(auditLog.id));
}

const send = <T = Answer>(handler: Parameters<typeof call>[0], opts: Parameters<typeof call>[1]) =>
  call<T & Answer>(handler, { ...opts, headers: { ...FROM, ...opts?.headers } });

async function ownerId(): Promise<number> {
  const [row] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.admin.email));
  return row?.id ?? 0;
}

const byOwner = async () => ({ actorUserId: await ownerId(), actorEmail: TEST_USERS.admin.email, network: NETWORK, device: DEVICE });

async function invite(email: string) {
  const res = await send(staffRoute.POST, { method: "POST", path: "/api/admin/staff", body: { email }, cookie: await cookieFor("admin") });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function inviteToken(email: string): Promise<string> {
  const [mail] = await queuedMails(email);
  const token = mail && /\/staff-invite\?token=([A-Za-z0-9_-]{43})/.exec(deliveredMail(mail.id))?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  return token;
}

describe("staff changes", () => {
  it("inviting, withdrawing an invitation, joining and removing are recorded with who, network and device", async () => {
    const owner = await byOwner();
    const email = freshEmail("invited");
    let invitationId = 0;
    const invited = await recorded(async () => {
      invitationId = await invite(email);
    });
    expect(invited).toEqual([
      expect.objectContaining({ action: "staff_invited", ...owner, targetType: "staff_invitation", targetId: String(invitationId) }),
    ]);
    // No invitee address in the row: the target id leads to it while the invitation lives.
    expect(JSON.stringify(invited[0]?.details ?? {})).not.toContain(email);

    const withdrawn = await recorded(async () => {
      const res = await send(staffInvitation.DELETE, {
        method: "DELETE",
        path: `/api/admin/staff/invitations/${invitationId}`,
        params: { invitationId: String(invitationId) },
        cookie: await cookieFor("admin"),
      });
      expect(res.status).toBe(204);
    });
    expect(withdrawn).toEqual([expect.objectContaining({ action: "staff_invitation_revoked", ...owner, targetId: String(invitationId) })]);

    const joiner = freshEmail("joined");
    const joinedInvitation = await invite(joiner);
    let joinedId = 0;
    const joined = await recorded(async () => {
      const res = await send<{ user: { id: number } }>(acceptRoute.POST, {
        method: "POST",
        path: "/api/auth/staff-invite",
        body: { token: await inviteToken(joiner), password: "staff-password-1" },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      joinedId = res.body.user.id;
    });
    expect(joined).toEqual([
      expect.objectContaining({
        action: "staff_joined",
        actorUserId: joinedId,
        actorEmail: joiner,
        network: NETWORK,
        device: DEVICE,
        targetType: "staff_invitation",
        targetId: String(joinedInvitation),
      }),
    ]);

    const removed = await recorded(async () => {
      const res = await send(staffMember.DELETE, {
        method: "DELETE",
        path: `/api/admin/staff/${joinedId}`,
        params: { userId: String(joinedId) },
        cookie: await cookieFor("admin"),
      });
      expect(res.status).toBe(204);
    });
    expect(removed).toEqual([
      expect.objectContaining({ action: "staff_removed", ...owner, targetType: "user", targetId: String(joinedId) }),
    ]);
  });

  it("refused staff changes record nothing", async () => {
    const rows = await recorded(async () => {
      const cookie = await cookieFor("admin");
      const gone = await send(staffInvitation.DELETE, {
        method: "DELETE",
        path: "/api/admin/staff/invitations/999999",
        params: { invitationId: "999999" },
        cookie,
      });
      expect(gone.status).toBe(404);
      const self = await ownerId();
      const me = await send(staffMember.DELETE, {
        method: "DELETE",
        path: `/api/admin/staff/${self}`,
        params: { userId: String(self) },
        cookie,
      });
      expect(me.status).toBe(409);
      const bad = await send(acceptRoute.POST, {
        method: "POST",
        path: "/api/auth/staff-invite",
        body: { token: "x".repeat(43), password: "staff-password-1" },
      });
      expect(bad.status).toBe(404);
    });
    expect(rows).toEqual([]);
  });
});

describe("two-factor changes", () => {
  it("turning it on, renewing recovery codes and turning it off are recorded for the account", async () => {
    const owner = await newOwner("audit-2fa");
    const mine = { actorUserId: owner.id, actorEmail: owner.email, network: NETWORK, device: DEVICE };
    const started = await send(setup.POST, { method: "POST", path: "/api/admin/security/two-factor/setup", cookie: owner.cookie });
    const secret = started.body.secret ?? "";
    // Each step once and later than the one before: the previous, the current and the next one.
    const on = await recorded(async () => {
      const res = await send(enable.POST, {
        method: "POST",
        path: "/api/admin/security/two-factor/enable",
        cookie: owner.cookie,
        body: { code: codeFor(secret, Date.now(), -1) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(on).toEqual([expect.objectContaining({ action: "two_factor_enabled", ...mine })]);

    const renewed = await recorded(async () => {
      const res = await send(recovery.POST, {
        method: "POST",
        path: "/api/admin/security/two-factor/recovery-codes",
        cookie: owner.cookie,
        body: { password: owner.password, code: codeFor(secret) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(renewed).toEqual([expect.objectContaining({ action: "two_factor_recovery_codes_renewed", ...mine })]);

    const wrong = await recorded(async () => {
      const res = await send(disable.POST, {
        method: "POST",
        path: "/api/admin/security/two-factor/disable",
        cookie: owner.cookie,
        body: { password: owner.password, code: wrongCode(secret) },
      });
      expect(res.status).toBe(422);
    });
    expect(wrong).toEqual([]);

    const off = await recorded(async () => {
      const res = await send(disable.POST, {
        method: "POST",
        path: "/api/admin/security/two-factor/disable",
        cookie: owner.cookie,
        body: { password: owner.password, code: codeFor(secret, Date.now(), 1) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(off).toEqual([expect.objectContaining({ action: "two_factor_disabled", ...mine })]);
  });

  it("the owner's policy change is recorded with the new value", async () => {
    const owner = await byOwner();
    const put = (requireTwoFactorForStaff: boolean) =>
      recorded(async () => {
        const res = await send(policy.PUT, {
          method: "PUT",
          path: "/api/admin/security/policy",
          cookie: await cookieFor("admin"),
          body: { requireTwoFactorForStaff },
        });
        expect(res.status).toBe(200);
      });
    expect(await put(true)).toEqual([
      expect.objectContaining({ action: "security_policy_changed", ...owner, details: { requireTwoFactorForStaff: true } }),
    ]);
    expect(await put(false)).toEqual([
      expect.objectContaining({ action: "security_policy_changed", ...owner, details: { requireTwoFactorForStaff: false } }),
    ]);
  });
});

describe("sign-in with two factors", () => {
  const passwordStep = async (email: string, password: string) => {
    const res = await send(loginRoute.POST, { method: "POST", path: "/api/auth/login", body: { email, password } });
    expect(res.body.twoFactorRequired).toBe(true);
    return cookieNamed(res, PENDING);
  };
  const secondFactor = (body: unknown, cookie: string) =>
    send(secondStep.POST, { method: "POST", path: "/api/auth/login/two-factor", body, cookie });

  it("the password step records nothing; the session given after the code is the recorded sign-in", async () => {
    const owner = await enrolledOwner("audit-two-step");
    const who = { actorUserId: owner.id, actorEmail: owner.email, network: NETWORK, device: DEVICE };
    let pending = "";
    expect(await recorded(async () => (pending = await passwordStep(owner.email, owner.password)))).toEqual([]);

    const failed = await recorded(async () => expect((await secondFactor({ code: wrongCode(owner.secret) }, pending)).status).toBe(401));
    expect(failed).toEqual([expect.objectContaining({ action: "sign_in_failed", ...who, details: { method: "two_factor" } })]);

    const ok = await recorded(async () => {
      const res = await secondFactor({ code: codeFor(owner.secret) }, pending);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(cookieFrom(res)).toBeTruthy();
    });
    expect(ok).toEqual([expect.objectContaining({ action: "sign_in", ...who, details: { method: "two_factor" } })]);
  });

  it("a recovery code's sign-in says so; a wrong password before the code is still a failed sign-in", async () => {
    const owner = await enrolledOwner("audit-recovery");
    const who = { actorUserId: owner.id, actorEmail: owner.email, network: NETWORK, device: DEVICE };
    const pending = await passwordStep(owner.email, owner.password);
    const ok = await recorded(async () => {
      const res = await secondFactor({ recoveryCode: owner.recoveryCodes[0] }, pending);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(ok).toEqual([expect.objectContaining({ action: "sign_in", ...who, details: { method: "recovery_code" } })]);

    const wrong = await recorded(async () => {
      const res = await send(loginRoute.POST, {
        method: "POST",
        path: "/api/auth/login",
        body: { email: owner.email, password: "wrong-password-1" },
      });
      expect(res.status).toBe(401);
    });
    expect(wrong).toEqual([expect.objectContaining({ action: "sign_in_failed", ...who, details: { method: "password" } })]);
  });

  it("a second step without a pending sign-in records nothing", async () => {
    expect(await recorded(async () => expect((await secondFactor({ code: "123456" }, "")).status).toBe(401))).toEqual([]);
  });
});
