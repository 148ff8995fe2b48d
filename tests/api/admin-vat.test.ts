import { describe, expect, it } from "vitest";
import * as collection from "@/app/api/admin/vat/route";
import * as item from "@/app/api/admin/vat/[vatId]/route";
import * as makeDefault from "@/app/api/admin/vat/[vatId]/default/route";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { getDb } from "@/db/client";
import { articlePriceCalculations, articles, vatRates } from "@/db/schema";
import { eq } from "drizzle-orm";

type Vat = { id: number; name: string; percent: number; description: string | null; isDefault: boolean };

async function admin() {
  return loginAs("admin");
}

async function create(body: Record<string, unknown>) {
  return call<Vat>(collection.POST, { method: "POST", path: "/api/admin/vat", body, cookie: await admin() });
}

async function list() {
  return (await call<Vat[]>(collection.GET, { path: "/api/admin/vat", cookie: await admin() })).body;
}

describe("access matrix for /api/admin/vat", () => {
  const cases: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  for (const { role, status } of cases) {
    it(`GET /api/admin/vat – ${role} → ${status}`, async () => {
      const res = await call(collection.GET, { cookie: await cookieFor(role) });
      expect(res.status).toBe(status);
    });
    it(`POST /api/admin/vat – ${role} → ${status === 200 ? 201 : status}`, async () => {
      const res = await call(collection.POST, {
        method: "POST",
        body: { name: `Access ${role}`, percent: 5 },
        cookie: await cookieFor(role),
      });
      expect(res.status).toBe(status === 200 ? 201 : status);
    });
    it(`GET/PUT/DELETE /api/admin/vat/{id} and PUT …/default – ${role} → ${status}`, async () => {
      const target = (await create({ name: `Target ${role}`, percent: 3 })).body;
      const params = { vatId: String(target.id) };
      const cookie = await cookieFor(role);
      expect((await call(item.GET, { params, cookie })).status).toBe(status);
      expect((await call(item.PUT, { method: "PUT", params, body: { name: "Renamed", percent: 4 }, cookie })).status).toBe(status);
      const previousDefault = (await list()).find((v) => v.isDefault);
      expect((await call(makeDefault.PUT, { method: "PUT", params, cookie })).status).toBe(status);
      if (previousDefault)
        await call(makeDefault.PUT, { method: "PUT", params: { vatId: String(previousDefault.id) }, cookie: await admin() });
      expect((await call(item.DELETE, { method: "DELETE", params, cookie })).status).toBe(status);
    });
  }
  it("anonymous and customer answers carry the spec's message", async () => {
    expect((await call(collection.GET)).body).toMatchObject({ message: "Authentication required" });
    expect((await call(collection.GET, { cookie: await loginAs("customer") })).body).toMatchObject({ message: expect.any(String) });
  });
});

describe("POST /api/admin/vat", () => {
  it("creates a rate and answers 201 with it", async () => {
    const res = await create({ name: "Super reduced", percent: 5.5, description: "Books" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Super reduced", percent: 5.5, description: "Books", isDefault: false });
    expect((await list()).some((v) => v.id === res.body.id)).toBe(true);
  });

  const bad: { title: string; body: unknown; field: string; message: string }[] = [
    { title: "name missing", body: { percent: 7 }, field: "name", message: "Name is required" },
    { title: "name blank", body: { name: "   ", percent: 7 }, field: "name", message: "Name is required" },
    { title: "name too long", body: { name: "x".repeat(256), percent: 7 }, field: "name", message: "Name must be at most 255 characters" },
    { title: "percent missing", body: { name: "A" }, field: "percent", message: "Percent is required" },
    { title: "percent null", body: { name: "A", percent: null }, field: "percent", message: "Percent is required" },
    { title: "percent zero", body: { name: "A", percent: 0 }, field: "percent", message: "Percent must be positive" },
    { title: "percent negative", body: { name: "A", percent: -19 }, field: "percent", message: "Percent must be positive" },
    { title: "percent a string", body: { name: "A", percent: "19" }, field: "percent", message: "Invalid value" },
    { title: "percent over 100", body: { name: "A", percent: 101 }, field: "percent", message: "Percent must be at most 100" },
    { title: "isDefault not boolean", body: { name: "A", percent: 7, isDefault: "yes" }, field: "isDefault", message: "Invalid value" },
  ];
  for (const row of bad) {
    it(`${row.title} → 422 with field message`, async () => {
      const before = (await list()).length;
      const res = await call<{ message: string; errors: Record<string, string> }>(collection.POST, {
        method: "POST",
        body: row.body,
        cookie: await admin(),
      });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors[row.field]).toBe(row.message);
      expect((await list()).length).toBe(before);
    });
  }

  it("malformed JSON → 400, never 500", async () => {
    const res = await call(collection.POST, { method: "POST", body: "{name: oops", cookie: await admin() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "The request body is not valid JSON" });
  });

  it("a JSON array or a non-JSON content type is refused with 4xx", async () => {
    expect((await call(collection.POST, { method: "POST", body: [1, 2], cookie: await admin() })).status).toBe(422);
    const res = await call(collection.POST, {
      method: "POST",
      body: "name=x",
      headers: { "content-type": "text/plain" },
      cookie: await admin(),
    });
    expect(res.status).toBe(415);
  });

  it("answers in German when the caller's language is German", async () => {
    const res = await call<{ errors: Record<string, string> }>(collection.POST, {
      method: "POST",
      body: { name: "A", percent: -1 },
      cookie: `${await admin()}; NEXT_LOCALE=de`,
    });
    expect(res.body.errors.percent).toBe("Prozent muss positiv sein");
  });

  it("creating a new default moves the default: exactly one at a time", async () => {
    const res = await create({ name: "New default", percent: 20, isDefault: true });
    expect(res.body.isDefault).toBe(true);
    const defaults = (await list()).filter((v) => v.isDefault);
    expect(defaults.map((d) => d.id)).toEqual([res.body.id]);
  });
});

describe("PUT /api/admin/vat/{vatId}", () => {
  it("updates all fields", async () => {
    const { id } = (await create({ name: "Temp", percent: 10 })).body;
    const res = await call<Vat>(item.PUT, {
      method: "PUT",
      params: { vatId: String(id) },
      body: { name: "Temp 2", percent: 12.5, description: "d" },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "Temp 2", percent: 12.5, description: "d" });
  });

  it("validates like POST", async () => {
    const { id } = (await create({ name: "Temp", percent: 10 })).body;
    const res = await call<{ errors: Record<string, string> }>(item.PUT, {
      method: "PUT",
      params: { vatId: String(id) },
      body: { name: "", percent: -1 },
      cookie: await admin(),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: "Name is required", percent: "Percent must be positive" });
  });

  it("unknown or malformed id → 404", async () => {
    const cookie = await admin();
    expect((await call(item.PUT, { method: "PUT", params: { vatId: "999999" }, body: { name: "x", percent: 1 }, cookie })).status).toBe(
      404,
    );
    expect((await call(item.GET, { params: { vatId: "abc" }, cookie })).status).toBe(404);
    expect((await call(item.GET, { params: { vatId: "-1" }, cookie })).status).toBe(404);
  });

  it("the default cannot be un-set by editing it (409), only moved", async () => {
    const current = (await list()).find((v) => v.isDefault);
    if (!current) throw new Error("seed has a default");
    const res = await call(item.PUT, {
      method: "PUT",
      params: { vatId: String(current.id) },
      body: { name: current.name, percent: current.percent, isDefault: false },
      cookie: await admin(),
    });
    expect(res.status).toBe(409);
    expect((await list()).filter((v) => v.isDefault)).toHaveLength(1);
  });
});

describe("PUT /api/admin/vat/{vatId}/default", () => {
  it("moves the default", async () => {
    const { id } = (await create({ name: "Next default", percent: 8 })).body;
    const res = await call<Vat>(makeDefault.PUT, { method: "PUT", params: { vatId: String(id) }, cookie: await admin() });
    expect(res.status).toBe(200);
    expect((await list()).filter((v) => v.isDefault).map((v) => v.id)).toEqual([id]);
  });
});

describe("DELETE /api/admin/vat/{vatId}", () => {
  it("deletes a rate", async () => {
    const { id } = (await create({ name: "Doomed", percent: 2 })).body;
    const res = await call<{ defaultRequired: boolean }>(item.DELETE, {
      method: "DELETE",
      params: { vatId: String(id) },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body.defaultRequired).toBe(false);
    expect((await call(item.GET, { params: { vatId: String(id) }, cookie: await admin() })).status).toBe(404);
  });

  it("deleting the default says a new default is required, and the next set-default restores exactly one", async () => {
    const { id } = (await create({ name: "Default to delete", percent: 16, isDefault: true })).body;
    const res = await call<{ defaultRequired: boolean }>(item.DELETE, {
      method: "DELETE",
      params: { vatId: String(id) },
      cookie: await admin(),
    });
    expect(res.body.defaultRequired).toBe(true);
    expect((await list()).filter((v) => v.isDefault)).toHaveLength(0);
    const other = (await list())[0];
    if (!other) throw new Error("rates remain");
    await call(makeDefault.PUT, { method: "PUT", params: { vatId: String(other.id) }, cookie: await admin() });
    expect((await list()).filter((v) => v.isDefault).map((v) => v.id)).toEqual([other.id]);
  });

  it("a rate used by an article's price calculation cannot be deleted (409) and stays", async () => {
    const db = await getDb();
    const [used] = await db
      .select({ vatId: articlePriceCalculations.salesVatRateId })
      .from(articlePriceCalculations)
      .innerJoin(articles, eq(articles.id, articlePriceCalculations.articleId))
      .limit(1);
    if (!used?.vatId) throw new Error("seed prices reference a VAT rate");
    const res = await call(item.DELETE, { method: "DELETE", params: { vatId: String(used.vatId) }, cookie: await admin() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "This VAT rate is used by articles and cannot be deleted" });
    expect(await db.select().from(vatRates).where(eq(vatRates.id, used.vatId))).toHaveLength(1);
  });
});
