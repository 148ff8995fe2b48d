import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, gt, max, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLog, users, type AuditLogRow } from "@/db/schema";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { resetEnvCache } from "@/lib/env";
import type { AdminAuditPage } from "@/lib/schemas/audit";
import { runRetention } from "@/lib/services/scheduled-jobs/retention";
import * as auditRoute from "@/app/api/admin/audit/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as forgotRoute from "@/app/api/auth/password/forgot/route";
import * as resetRoute from "@/app/api/auth/password/reset/route";
import * as passwordRoute from "@/app/api/user/account/password/route";
import * as accountExportRoute from "@/app/api/user/account/export/route";
import * as refundRoute from "@/app/api/admin/orders/[orderId]/refund/route";
import * as ordersExportRoute from "@/app/api/admin/orders/export/route";
import * as customerExportRoute from "@/app/api/admin/customers/[customerId]/export/route";
import * as eraseRoute from "@/app/api/admin/customers/[customerId]/erase/route";
import * as settingsRoute from "@/app/api/admin/settings/route";
import * as codesRoute from "@/app/api/admin/discount-codes/route";
import * as codeRoute from "@/app/api/admin/discount-codes/[discountCodeId]/route";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { mailedLinkToken } from "../helpers/mail";
import { newCustomer, userIdOf } from "../helpers/orders";
import { order, STRIPE_ENV } from "../helpers/admin-order-actions";
import { TEST_USERS, tempDir } from "../helpers/test-db";

type ErrorBody = { message: string; errors?: Record<string, string> };

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const NETWORK = "203.0.113.7";
const DEVICE = "Firefox 133 · Windows";
/** The request as it arrives behind the one trusted proxy, from a known browser. */
const FROM = { "x-forwarded-for": NETWORK, "user-agent": FIREFOX };
const PASSWORD = "customer-pass-123";

let adminId: number;

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-audit-");
  process.env.TRUSTED_PROXY_COUNT = "1";
  for (const key of [...STRIPE_ENV, "SMTP_URL", "AUDIT_LOG_DAYS"]) delete process.env[key];
  resetEnvCache();
  adminId = await userIdOf(TEST_USERS.admin.email);
});

afterAll(() => {
  delete process.env.TRUSTED_PROXY_COUNT;
  delete process.env.AUDIT_LOG_DAYS;
  resetEnvCache();
});

async function lastId(): Promise<number> {
  const [row] = await (await getDb()).select({ id: max(auditLog.id) }).from(auditLog);
  return row?.id ?? 0;
}

async function rowsAfter(id: number): Promise<AuditLogRow[]> {
  return (await getDb()).select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.id));
}

/** Runs `act` and answers the audit rows it wrote. */
async function recorded(act: () => Promise<unknown>): Promise<AuditLogRow[]> {
  const before = await lastId();
  await act();
  await flushAfterResponse();
  return rowsAfter(before);
}

/** A second back-office account (roles admin) with a password; its sessions start fresh. */
async function backOfficeAccount(label = "staff") {
  const account = await newCustomer(label, { password: true });
  await (
    await getDb()
  )
    .update(users)
    .set({ roles: ["admin"], sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, account.id));
  return { id: account.id, email: account.email, password: PASSWORD };
}

function signIn(email: string, password: string, headers: Record<string, string> = FROM) {
  return call(loginRoute.POST, { method: "POST", path: "/api/auth/login", body: { email, password }, headers });
}

async function signedIn(email: string, password: string): Promise<string> {
  const res = await signIn(email, password);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return cookieFrom(res);
}

async function adminCall(handler: Parameters<typeof call>[0], opts: Parameters<typeof call>[1] = {}) {
  return call<ErrorBody & Record<string, unknown>>(handler, { ...opts, cookie: await cookieFor("admin"), headers: FROM });
}

async function listAudit(query: Record<string, string> = {}, who: Role = "admin") {
  const qs = new URLSearchParams(query).toString();
  return call<AdminAuditPage & ErrorBody>(auditRoute.GET, { path: `/api/admin/audit${qs ? `?${qs}` : ""}`, cookie: await cookieFor(who) });
}

const byAdmin = { actorUserId: expect.any(Number), actorEmail: TEST_USERS.admin.email, network: NETWORK, device: DEVICE };

describe("access matrix for /api/admin/audit", () => {
  const cases: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  for (const { role, status } of cases) {
    it(`GET /api/admin/audit – ${role} → ${status}`, async () => {
      expect((await listAudit({}, role)).status).toBe(status);
    });
  }
});

describe("sign-ins", () => {
  it("a back-office sign-in is recorded with who, network and device; a wrong password as a failed sign-in", async () => {
    const staff = await backOfficeAccount();
    const ok = await recorded(() => signedIn(staff.email, staff.password));
    expect(ok).toEqual([
      expect.objectContaining({
        action: "sign_in",
        actorUserId: staff.id,
        actorEmail: staff.email,
        network: NETWORK,
        device: DEVICE,
        details: { method: "password" },
      }),
    ]);
    const failed = await recorded(async () => expect((await signIn(staff.email, "wrong-password-1")).status).toBe(401));
    expect(failed).toEqual([
      expect.objectContaining({
        action: "sign_in_failed",
        actorUserId: staff.id,
        actorEmail: staff.email,
        network: NETWORK,
        device: DEVICE,
      }),
    ]);
  });

  it("a customer's sign-ins and failures, and failures for unknown emails, are not recorded", async () => {
    const customer = await newCustomer("quiet", { password: true });
    const rows = await recorded(async () => {
      await signedIn(customer.email, PASSWORD);
      expect((await signIn(customer.email, "wrong-password-1")).status).toBe(401);
      expect((await signIn("nobody-typed-this@example.com", "wrong-password-1")).status).toBe(401);
    });
    expect(rows).toEqual([]);
  });

  it("the device is a short summary, never the full User-Agent; no proxy header leaves the network unknown", async () => {
    const staff = await backOfficeAccount();
    const long = `${FIREFOX} ${"X".repeat(500)}`;
    const [row] = await recorded(() => signIn(staff.email, staff.password, { "user-agent": long }));
    expect(row).toMatchObject({ action: "sign_in", network: null, device: DEVICE });
    expect(row?.device?.length).toBeLessThanOrEqual(100);
  });
});

describe("passwords of back-office accounts", () => {
  it("a password change is recorded; a customer's is not", async () => {
    const staff = await backOfficeAccount();
    const cookie = await signedIn(staff.email, staff.password);
    const rows = await recorded(async () => {
      const res = await call(passwordRoute.PUT, {
        method: "PUT",
        body: { currentPassword: staff.password, newPassword: "a-new-staff-pass-42" },
        cookie,
        headers: FROM,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(rows).toEqual([
      expect.objectContaining({
        action: "password_changed",
        actorUserId: staff.id,
        actorEmail: staff.email,
        network: NETWORK,
        device: DEVICE,
      }),
    ]);

    const customer = await newCustomer("pw-customer", { password: true });
    const quiet = await recorded(async () => {
      const res = await call(passwordRoute.PUT, {
        method: "PUT",
        body: { currentPassword: PASSWORD, newPassword: "a-new-customer-pass-42" },
        cookie: customer.cookie,
        headers: FROM,
      });
      expect(res.status).toBe(200);
    });
    expect(quiet).toEqual([]);
  });

  it("a password reset through the mailed link is recorded", async () => {
    const staff = await backOfficeAccount();
    const asked = await call(forgotRoute.POST, {
      method: "POST",
      body: { email: staff.email },
      headers: { ...FROM, "x-forwarded-for": "203.0.113.99" },
    });
    expect(asked.status).toBe(202);
    const token = await mailedLinkToken(staff.email, "reset-password");
    const rows = await recorded(async () => {
      const res = await call(resetRoute.POST, { method: "POST", body: { token, password: "reset-staff-pass-42" }, headers: FROM });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(rows).toEqual([
      expect.objectContaining({
        action: "password_reset",
        actorUserId: staff.id,
        actorEmail: staff.email,
        network: NETWORK,
        device: DEVICE,
      }),
    ]);
  });
});

describe("back-office actions", () => {
  it("a refund is recorded with its amount and order number; a refused one is not", async () => {
    const o = await order();
    const refund = (body: unknown) => adminCall(refundRoute.POST, { method: "POST", params: { orderId: o.id }, body });
    const refused = await recorded(async () =>
      expect((await refund({ amountCents: o.totalCents + 1, reason: "Too much" })).status).toBe(422),
    );
    expect(refused).toEqual([]);
    const rows = await recorded(async () => expect((await refund({ amountCents: 500, reason: "Chipped handle" })).status).toBe(200));
    expect(rows).toEqual([
      expect.objectContaining({
        ...byAdmin,
        actorUserId: adminId,
        action: "refund",
        targetType: "order",
        targetId: o.id,
        details: expect.objectContaining({ orderNumber: o.orderNumber, amountCents: 500 }),
      }),
    ]);
  });

  it("exports: the orders CSV (its filter, not the search text), a customer's data and an admin's own account", async () => {
    const customer = await newCustomer("exported", { password: true });
    const csv = await recorded(async () =>
      expect((await adminCall(ordersExportRoute.GET, { path: `/api/admin/orders/export?status=all&q=${customer.email}` })).status).toBe(
        200,
      ),
    );
    expect(csv).toEqual([expect.objectContaining({ ...byAdmin, action: "orders_exported" })]);
    expect(csv[0]?.details).toMatchObject({ status: "all", search: true });
    expect(JSON.stringify(csv[0])).not.toContain(customer.email);

    const data = await recorded(async () =>
      expect((await adminCall(customerExportRoute.GET, { params: { customerId: String(customer.id) } })).status).toBe(200),
    );
    expect(data).toEqual([
      expect.objectContaining({ ...byAdmin, action: "customer_exported", targetType: "customer", targetId: String(customer.id) }),
    ]);

    let ownExport: Record<string, unknown> = {};
    const own = await recorded(async () => {
      const res = await adminCall(accountExportRoute.GET);
      expect(res.status).toBe(200);
      ownExport = res.body;
    });
    // A back-office account's export holds its own audit rows (its sign-ins with network and device).
    expect(ownExport.auditLog).toEqual(expect.arrayContaining([expect.objectContaining({ action: "sign_in", network: null })]));
    expect(own).toEqual([
      expect.objectContaining({ ...byAdmin, action: "account_exported", targetType: "user", targetId: String(adminId) }),
    ]);
    const customersOwn = await recorded(async () => {
      const res = await call<Record<string, unknown>>(accountExportRoute.GET, { cookie: customer.cookie, headers: FROM });
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty("auditLog");
    });
    expect(customersOwn).toEqual([]);
  });

  it("an admin erasure records the account's id, never the erased email, name or the free-text reason (it may name them)", async () => {
    const customer = await newCustomer("erase-me", { password: true });
    await (await getDb()).update(users).set({ firstName: "Zenobia", lastName: "Quillfeather" }).where(eq(users.id, customer.id));
    const rows = await recorded(async () => {
      const res = await adminCall(eraseRoute.POST, {
        method: "POST",
        params: { customerId: String(customer.id) },
        body: { reason: "Zenobia Quillfeather asked by mail on Monday" },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(rows).toEqual([
      expect.objectContaining({
        ...byAdmin,
        action: "customer_erased",
        targetType: "user",
        targetId: String(customer.id),
        details: { ordersKept: 0 },
      }),
    ]);
    const everything = JSON.stringify(await (await getDb()).select().from(auditLog));
    for (const personal of [customer.email, customer.email.split("@")[0] as string, "Zenobia", "Quillfeather", "asked by mail"])
      expect(everything).not.toContain(personal);
  });

  it("a seller settings change records which fields changed, not their old values", async () => {
    const current = (await adminCall(settingsRoute.GET)).body as unknown as { values: Record<string, string | null> };
    const oldPhone = current.values.phone;
    const rows = await recorded(async () => {
      const res = await adminCall(settingsRoute.PUT, { method: "PUT", body: { ...current.values, phone: "+49 30 1234567" } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(rows).toEqual([
      expect.objectContaining({ ...byAdmin, action: "settings_changed", targetType: "seller_settings", details: { fields: ["phone"] } }),
    ]);
    if (oldPhone) expect(JSON.stringify(rows)).not.toContain(oldPhone);
  });

  it("discount codes: create, change and delete are recorded; a refused create is not", async () => {
    const created = await recorded(async () =>
      expect((await adminCall(codesRoute.POST, { method: "POST", body: { code: "AUDIT-10", kind: "percent", percent: 10 } })).status).toBe(
        201,
      ),
    );
    expect(created).toEqual([
      expect.objectContaining({ ...byAdmin, action: "discount_code_created", targetType: "discount_code", details: { code: "AUDIT-10" } }),
    ]);
    const id = created[0]?.targetId as string;
    const taken = await recorded(async () =>
      expect((await adminCall(codesRoute.POST, { method: "POST", body: { code: "audit-10", kind: "percent", percent: 5 } })).status).toBe(
        422,
      ),
    );
    expect(taken).toEqual([]);
    const patched = await recorded(async () =>
      expect((await adminCall(codeRoute.PATCH, { method: "PATCH", params: { discountCodeId: id }, body: { active: false } })).status).toBe(
        200,
      ),
    );
    expect(patched).toEqual([
      expect.objectContaining({
        ...byAdmin,
        action: "discount_code_updated",
        targetId: id,
        details: { code: "AUDIT-10", fields: ["active"] },
      }),
    ]);
    const deleted = await recorded(async () =>
      expect((await adminCall(codeRoute.DELETE, { method: "DELETE", params: { discountCodeId: id } })).status).toBe(200),
    );
    expect(deleted).toEqual([expect.objectContaining({ ...byAdmin, action: "discount_code_deleted", targetId: id })]);
  });
});

describe("GET /api/admin/audit filters", () => {
  it("by action and actor email, newest first, paged", async () => {
    const staff = await backOfficeAccount("filtered");
    await signIn(staff.email, "wrong-password-1");
    await signIn(staff.email, "wrong-password-2");
    await flushAfterResponse();
    const res = await listAudit({ action: "sign_in_failed", q: staff.email.toUpperCase(), pageSize: "1" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(res.body.items[0]).toMatchObject({ action: "sign_in_failed", actorEmail: staff.email, network: NETWORK, device: DEVICE });
    const second = await listAudit({ action: "sign_in_failed", q: staff.email, pageSize: "1", page: "2" });
    expect(second.body.items[0]?.id).toBeLessThan(res.body.items[0]?.id as number);
    expect((await listAudit({ action: "refund", q: staff.email })).body.total).toBe(0);
  });

  it("by Berlin day, 'to' inclusive; a bad day or range answers 422", async () => {
    const staff = await backOfficeAccount("dated");
    await signIn(staff.email, "wrong-password-1");
    await flushAfterResponse();
    const db = await getDb();
    // 23:30 UTC on 1 March is already 2 March in Berlin (UTC+1 in winter).
    await db
      .update(auditLog)
      .set({ at: new Date("2026-03-01T23:30:00Z") })
      .where(eq(auditLog.actorEmail, staff.email));
    const q = staff.email;
    expect((await listAudit({ q, from: "2026-03-02", to: "2026-03-02" })).body.total).toBe(1);
    expect((await listAudit({ q, to: "2026-03-01" })).body.total).toBe(0);
    expect((await listAudit({ q, from: "2026-03-03" })).body.total).toBe(0);
    expect((await listAudit({ from: "2026-02-30" })).status).toBe(422);
    expect((await listAudit({ from: "2026-03-03", to: "2026-03-02" })).status).toBe(422);
    expect((await listAudit({ action: "nonsense" })).status).toBe(422);
  });
});

describe("retention", () => {
  it("rows older than AUDIT_LOG_DAYS are deleted, newer ones stay", async () => {
    const staff = await backOfficeAccount("retained");
    await signIn(staff.email, "wrong-password-1");
    await signIn(staff.email, "wrong-password-2");
    await flushAfterResponse();
    const db = await getDb();
    const [older, newer] = await db.select().from(auditLog).where(eq(auditLog.actorEmail, staff.email)).orderBy(asc(auditLog.id));
    const now = new Date("2027-06-01T12:00:00Z");
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    await db
      .update(auditLog)
      .set({ at: daysAgo(366) })
      .where(eq(auditLog.id, older?.id as number));
    await db
      .update(auditLog)
      .set({ at: daysAgo(30) })
      .where(eq(auditLog.id, newer?.id as number));

    const result = await runRetention({ now });
    expect(result.auditRows).toBeGreaterThanOrEqual(1);
    const left = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.actorEmail, staff.email));
    expect(left).toEqual([{ id: newer?.id }]);

    process.env.AUDIT_LOG_DAYS = "7";
    resetEnvCache();
    try {
      await runRetention({ now });
    } finally {
      delete process.env.AUDIT_LOG_DAYS;
      resetEnvCache();
    }
    expect(await db.select().from(auditLog).where(eq(auditLog.actorEmail, staff.email))).toEqual([]);
  });
});
