import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/discount-codes/route";
import * as item from "@/app/api/admin/discount-codes/[discountCodeId]/route";
import { getDb } from "@/db/client";
import { discountCodes } from "@/db/schema";
import type { DiscountCodeDto, DiscountCodePage } from "@/lib/schemas/discounts";
import { call, cookieFor, type Role } from "../helpers/api";
import { makeCode, type ErrorBody } from "../helpers/discounts";

type Answer = DiscountCodeDto & ErrorBody;

const admin = () => cookieFor("admin");
const create = async (body: Record<string, unknown>, lang: "en" | "de" = "en") =>
  call<Answer>(collection.POST, { method: "POST", body, cookie: await admin(), headers: { "accept-language": lang } });
const params = (id: number) => ({ discountCodeId: String(id) });
const list = async (query = "") =>
  call<DiscountCodePage>(collection.GET, { path: `/api/admin/discount-codes${query}`, cookie: await admin() });

const VALID = { code: "summer-10", kind: "percent", percent: 10 };

describe("access matrix for /api/admin/discount-codes", () => {
  const cases: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  for (const { role, status } of cases) {
    it(`GET, POST /api/admin/discount-codes – ${role} → ${status}`, async () => {
      const cookie = await cookieFor(role);
      expect((await call(collection.GET, { path: "/api/admin/discount-codes", cookie })).status).toBe(status);
      const res = await call(collection.POST, { method: "POST", body: { ...VALID, code: `ACCESS-${role}` }, cookie });
      expect(res.status).toBe(status === 200 ? 201 : status);
    });
    it(`GET/PUT/PATCH/DELETE /api/admin/discount-codes/{discountCodeId} – ${role} → ${status}`, async () => {
      const target = await makeCode();
      const cookie = await cookieFor(role);
      const p = params(target.id);
      expect((await call(item.GET, { params: p, cookie })).status).toBe(status);
      expect((await call(item.PUT, { method: "PUT", params: p, body: { ...VALID, code: `PUT-${role}` }, cookie })).status).toBe(status);
      expect((await call(item.PATCH, { method: "PATCH", params: p, body: { active: false }, cookie })).status).toBe(status);
      expect((await call(item.DELETE, { method: "DELETE", params: p, cookie })).status).toBe(status);
      const [left] = await (await getDb()).select().from(discountCodes).where(eq(discountCodes.id, target.id));
      if (status === 200) expect(left).toBeUndefined();
      else expect(left).toMatchObject({ code: target.code, active: true });
    });
  }
  it("an unknown id → 404 with its message", async () => {
    const res = await call<ErrorBody>(item.GET, { params: params(999_999), cookie: await admin() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Discount code not found");
  });
});

describe("POST/PUT/PATCH /api/admin/discount-codes – validation", () => {
  it("creates a percent code (upper-cased) and a fixed one with dates and limits", async () => {
    const pct = await create(VALID);
    expect(pct.status).toBe(201);
    expect(pct.body).toMatchObject({ code: "SUMMER-10", kind: "percent", percent: 10, amountCents: null, usedCount: 0, state: "active" });
    const fixed = await create({
      code: "WELCOME5",
      kind: "fixed",
      amountCents: 500,
      percent: 30, // the other kind's value is dropped
      validFrom: "2030-01-01T00:00:00+01:00",
      validTo: "2030-02-01T00:00:00+01:00",
      minOrderCents: 2500,
      maxUses: 100,
      maxUsesPerCustomer: 1,
    });
    expect(fixed.status).toBe(201);
    expect(fixed.body).toMatchObject({
      amountCents: 500,
      percent: null,
      validFrom: "2029-12-31T23:00:00.000Z",
      minOrderCents: 2500,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      state: "scheduled",
      revenueCents: 0,
    });
  });

  const bad: { title: string; body: Record<string, unknown>; field: string; message: string }[] = [
    { title: "code too short", body: { code: "AB" }, field: "code", message: "Use 3 to 32 characters: letters A–Z, digits, - and _" },
    {
      title: "code with a space",
      body: { code: "SUMMER 10" },
      field: "code",
      message: "Use 3 to 32 characters: letters A–Z, digits, - and _",
    },
    {
      title: "code too long",
      body: { code: "X".repeat(33) },
      field: "code",
      message: "Use 3 to 32 characters: letters A–Z, digits, - and _",
    },
    { title: "percent 0", body: { percent: 0 }, field: "percent", message: "Enter a whole percentage from 1 to 100" },
    { title: "percent 101", body: { percent: 101 }, field: "percent", message: "Enter a whole percentage from 1 to 100" },
    { title: "percent missing", body: { percent: null }, field: "percent", message: "Enter a whole percentage from 1 to 100" },
    { title: "fixed 0", body: { kind: "fixed", amountCents: 0 }, field: "amountCents", message: "Enter an amount greater than zero" },
    { title: "fixed missing", body: { kind: "fixed" }, field: "amountCents", message: "Enter an amount greater than zero" },
    {
      title: "validTo before validFrom",
      body: { validFrom: "2030-02-01T00:00:00Z", validTo: "2030-01-01T00:00:00Z" },
      field: "validTo",
      message: "The end must be after the start",
    },
    { title: "a date that is none", body: { validFrom: "next week" }, field: "validFrom", message: "Enter a valid date and time" },
    { title: "limit 0", body: { maxUses: 0 }, field: "maxUses", message: "Enter a whole number of at least 1, or leave it empty" },
    {
      title: "per-customer limit 1.5",
      body: { maxUsesPerCustomer: 1.5 },
      field: "maxUsesPerCustomer",
      message: "Enter a whole number of at least 1, or leave it empty",
    },
  ];
  it.each(bad)("$title → 422 $field", async ({ body, field, message }) => {
    const res = await create({ ...VALID, code: "VALIDATION", ...body });
    expect(res.status).toBe(422);
    expect(res.body.errors?.[field]).toBe(message);
  });

  it("the code is unique case-insensitively: a field error on create, update and patch, in the caller's language", async () => {
    const first = await create({ ...VALID, code: "UNIQUE1" });
    const other = await create({ ...VALID, code: "UNIQUE2" });
    const again = await create({ ...VALID, code: "unique1" }, "de");
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ code: "Einen Rabattcode mit diesem Namen gibt es bereits" });
    const cookie = await admin();
    const put = await call<Answer>(item.PUT, { method: "PUT", params: params(other.body.id), body: { ...VALID, code: "Unique1" }, cookie });
    expect(put.body.errors).toEqual({ code: "A discount code with this name already exists" });
    const patch = await call<Answer>(item.PATCH, { method: "PATCH", params: params(other.body.id), body: { code: "UNIQUE1" }, cookie });
    expect(patch.status).toBe(422);
    // Its own code again is fine.
    const own = await call<Answer>(item.PUT, {
      method: "PUT",
      params: params(first.body.id),
      body: { ...VALID, code: "unique1", percent: 20 },
      cookie,
    });
    expect(own.body).toMatchObject({ code: "UNIQUE1", percent: 20 });
  });

  it("PATCH changes only the given fields and still checks the whole code", async () => {
    const code = await create({ ...VALID, code: "PATCHME", validFrom: "2030-01-01T00:00:00Z" });
    const cookie = await admin();
    const off = await call<Answer>(item.PATCH, { method: "PATCH", params: params(code.body.id), body: { active: false }, cookie });
    expect(off.body).toMatchObject({
      code: "PATCHME",
      percent: 10,
      active: false,
      state: "inactive",
      validFrom: "2030-01-01T00:00:00.000Z",
    });
    const bad = await call<Answer>(item.PATCH, {
      method: "PATCH",
      params: params(code.body.id),
      body: { validTo: "2029-01-01T00:00:00Z" },
      cookie,
    });
    expect(bad.body.errors).toEqual({ validTo: "The end must be after the start" });
  });
});

describe("GET /api/admin/discount-codes", () => {
  it("lists with search, sort and paging; uses and state come along", async () => {
    await makeCode({ code: "LISTA-1", usedCount: 3 });
    await makeCode({ code: "LISTA-2", maxUses: 2, usedCount: 2 });
    await makeCode({ code: "LISTA-3", validTo: new Date(Date.now() - 1000) });
    const page = await list("?q=lista&sort=-used&pageSize=2");
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.items.map((c) => [c.code, c.usedCount, c.state])).toEqual([
      ["LISTA-1", 3, "active"],
      ["LISTA-2", 2, "usedUp"],
    ]);
    expect((await list("?q=lista&sort=code&page=2&pageSize=2")).body.items.map((c) => [c.code, c.state])).toEqual([["LISTA-3", "expired"]]);
    expect((await list("?q=lista_")).body.total).toBe(0); // "_" is searched literally
  });
});
