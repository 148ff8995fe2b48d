import { describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLog, taxSettings } from "@/db/schema";
import * as taxRoute from "@/app/api/admin/settings/tax/route";
import { call, loginAs, type Role } from "../helpers/api";

type Answer = { ossEnabled: boolean; message?: string; errors?: Record<string, string> };

const getTax = async (role: Role = "admin") =>
  call<Answer>(taxRoute.GET, { path: "/api/admin/settings/tax", cookie: role === "anonymous" ? "" : await loginAs(role) });
const putTax = async (body: unknown, role: Role = "admin", lang = "en") =>
  call<Answer>(taxRoute.PUT, {
    method: "PUT",
    path: "/api/admin/settings/tax",
    body,
    cookie: role === "anonymous" ? "" : await loginAs(role),
    headers: { "accept-language": lang },
  });

describe("the owner's OSS switch", () => {
  it("is off in a new shop, turns on and off, and each change is in the audit log", async () => {
    expect((await getTax()).body).toEqual({ ossEnabled: false });
    expect((await putTax({ ossEnabled: true })).body).toEqual({ ossEnabled: true });
    expect((await getTax()).body).toEqual({ ossEnabled: true });
    expect((await putTax({ ossEnabled: false })).body).toEqual({ ossEnabled: false });
    const db = await getDb();
    const logged = await db.select().from(auditLog).where(eq(auditLog.targetType, "tax_settings")).orderBy(desc(auditLog.id)).limit(2);
    expect(logged.map((e) => [e.action, e.details])).toEqual([
      ["settings_changed", { ossEnabled: false }],
      ["settings_changed", { ossEnabled: true }],
    ]);
    expect(await db.select({ id: taxSettings.id }).from(taxSettings)).toEqual([{ id: 1 }]);
  });

  it.each([
    ["no body field", {}],
    ["a string", { ossEnabled: "true" }],
    ["a number", { ossEnabled: 1 }],
    ["null", { ossEnabled: null }],
  ])("refuses %s with 422 and the field named, changing nothing", async (_, body) => {
    const before = (await getTax()).body;
    const res = await putTax(body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(["ossEnabled"]);
    expect((await getTax()).body).toEqual(before);
  });

  it("refuses unknown fields, so a typo is not silently ignored", async () => {
    const res = await putTax({ ossEnabled: true, ossEnabeld: true });
    expect(res.status).toBe(422);
    expect((await getTax()).body.ossEnabled).toBe(false);
  });

  it("is the owner's: anonymous 401, customer and staff 403, nothing changes", async () => {
    expect((await getTax("anonymous")).status).toBe(401);
    for (const role of ["customer", "staff"] as const) {
      expect((await getTax(role)).status).toBe(403);
      expect((await putTax({ ossEnabled: true }, role)).status).toBe(403);
    }
    expect((await getTax()).body.ossEnabled).toBe(false);
  });
});
