import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/suppliers/route";
import * as item from "@/app/api/admin/suppliers/[supplierId]/route";
import { call } from "../helpers/api";
import { getDb } from "@/db/client";
import { articles, suppliers } from "@/db/schema";
import { SUPPLIER } from "@/db/seed-data";
import { cachedCatalog } from "@/lib/services/catalog-cache";
import { listSupplierOptions } from "@/lib/services/suppliers";
import { type Supplier, type ErrorBody, FULL, admin, createOk, list, count } from "../helpers/admin-suppliers";

describe("GET /api/admin/suppliers/{supplierId}", () => {
  it("GET /api/admin/suppliers/{supplierId} – answers the seeded supplier", async () => {
    const db = await getDb();
    const [seeded] = await db.select().from(suppliers).where(eq(suppliers.companyName, SUPPLIER.companyName));
    if (!seeded) throw new Error("the seed has a supplier");
    const res = await call<Supplier>(item.GET, { params: { supplierId: String(seeded.id) }, cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...SUPPLIER, id: seeded.id, countryName: "Germany" });
  });

  it("GET /api/admin/suppliers/{supplierId} – unknown or malformed id → 404", async () => {
    const cookie = await admin();
    const unknown = await call(item.GET, { params: { supplierId: "999999" }, cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: "Supplier not found" });
    expect((await call(item.GET, { params: { supplierId: "abc" }, cookie })).status).toBe(404);
    expect((await call(item.GET, { params: { supplierId: "0" }, cookie })).status).toBe(404);
  });
});

describe("PUT /api/admin/suppliers/{supplierId}", () => {
  it("PUT /api/admin/suppliers/{supplierId} – replaces every field; omitted optional fields become empty", async () => {
    const s = await createOk(FULL);
    const res = await call<Supplier>(item.PUT, {
      method: "PUT",
      params: { supplierId: String(s.id) },
      body: {
        companyName: "Tassenwerk Leipzig",
        city: "Leipzig",
        postalCode: "04109",
        countryCode: "DE",
        website: "tassenwerk-leipzig.example",
      },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.id,
      companyName: "Tassenwerk Leipzig",
      city: "Leipzig",
      postalCode: "04109",
      website: "https://tassenwerk-leipzig.example",
      email: null,
      firstName: null,
      phone1: null,
      createdAt: s.createdAt,
    });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(s.updatedAt).getTime());
  });

  it("PUT /api/admin/suppliers/{supplierId} – validates like POST and changes nothing", async () => {
    const s = await createOk(FULL);
    const params = { supplierId: String(s.id) };
    const res = await call<ErrorBody>(item.PUT, {
      method: "PUT",
      params,
      body: { companyName: "", email: "nope", countryCode: "XX" },
      cookie: await admin(),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ companyName: "Company name is required", email: "Invalid email format" });
    const unknownCountry = await call<ErrorBody>(item.PUT, {
      method: "PUT",
      params,
      body: { companyName: "X", countryCode: "XX" },
      cookie: await admin(),
    });
    expect(unknownCountry.status).toBe(422);
    expect(unknownCountry.body.errors).toEqual({ countryCode: "Please choose a country from the list" });
    const after = await call<Supplier>(item.GET, { params, cookie: await admin() });
    expect(after.body).toEqual(s);
  });

  it("PUT /api/admin/suppliers/{supplierId} – unknown or malformed id → 404", async () => {
    const cookie = await admin();
    const res = await call(item.PUT, { method: "PUT", params: { supplierId: "999999" }, body: { companyName: "X" }, cookie });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: "Supplier not found" });
    expect((await call(item.PUT, { method: "PUT", params: { supplierId: "-3" }, body: { companyName: "X" }, cookie })).status).toBe(404);
  });
});

describe("DELETE /api/admin/suppliers/{supplierId}", () => {
  it("DELETE /api/admin/suppliers/{supplierId} – deletes an unused supplier and answers it", async () => {
    const s = await createOk({ companyName: "Doomed KG" });
    const params = { supplierId: String(s.id) };
    const res = await call<{ deleted: Supplier }>(item.DELETE, { method: "DELETE", params, cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toMatchObject({ id: s.id, companyName: "Doomed KG" });
    expect((await call(item.GET, { params, cookie: await admin() })).status).toBe(404);
    expect((await call(item.DELETE, { method: "DELETE", params, cookie: await admin() })).status).toBe(404);
  });

  it("DELETE /api/admin/suppliers/{supplierId} – a supplier that articles refer to → 409, and the articles keep it", async () => {
    const db = await getDb();
    const [seeded] = await db.select().from(suppliers).where(eq(suppliers.companyName, SUPPLIER.companyName));
    if (!seeded) throw new Error("the seed has a supplier");
    const usedBy = await db.select({ id: articles.id }).from(articles).where(eq(articles.supplierId, seeded.id));
    expect(usedBy.length).toBeGreaterThan(0);
    const res = await call(item.DELETE, { method: "DELETE", params: { supplierId: String(seeded.id) }, cookie: await admin() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "This supplier is used by articles" });
    expect(await db.select().from(suppliers).where(eq(suppliers.id, seeded.id))).toHaveLength(1);
    expect(await db.select({ id: articles.id }).from(articles).where(eq(articles.supplierId, seeded.id))).toEqual(usedBy);
  });

  it("DELETE /api/admin/suppliers/{supplierId} – becomes deletable once no article refers to it any more", async () => {
    const db = await getDb();
    const s = await createOk({ companyName: "Briefly used" });
    const [article] = await db.select({ id: articles.id, supplierId: articles.supplierId }).from(articles).limit(1);
    if (!article) throw new Error("the seed has articles");
    await db.update(articles).set({ supplierId: s.id }).where(eq(articles.id, article.id));
    const params = { supplierId: String(s.id) };
    expect((await call(item.DELETE, { method: "DELETE", params, cookie: await admin() })).status).toBe(409);
    await db.update(articles).set({ supplierId: article.supplierId }).where(eq(articles.id, article.id));
    expect((await call(item.DELETE, { method: "DELETE", params, cookie: await admin() })).status).toBe(200);
  });
});

describe("GET /api/admin/suppliers (search, sort, paging)", () => {
  it("GET /api/admin/suppliers – pages through every supplier with the total", async () => {
    for (let i = 1; i <= 5; i++) await createOk({ companyName: `Paging ${i}` });
    const total = await count();
    const first = await list("?pageSize=2");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total, page: 1, pageSize: 2 });
    expect(first.body.items).toHaveLength(2);
    const seen = new Set<number>();
    const pages = Math.ceil(total / 2);
    for (let page = 1; page <= pages; page++) {
      const res = await list(`?pageSize=2&page=${page}`);
      expect(res.body.total).toBe(total);
      for (const s of res.body.items) seen.add(s.id);
    }
    expect(seen.size).toBe(total);
    const beyond = await list(`?pageSize=2&page=${pages + 1}`);
    expect(beyond.body).toMatchObject({ items: [], total, page: pages + 1 });
  });

  it("GET /api/admin/suppliers – q searches company name, contact name, email and city, case-insensitively, with the matching total", async () => {
    await createOk({
      companyName: "Porzellan Nord",
      firstName: "Greta",
      lastName: "Lindqvist",
      email: "greta@porzellan-nord.example",
      city: "Kiel",
    });
    await createOk({ companyName: "Südkeramik", city: "München", email: "info@suedkeramik.example" });
    await createOk({ companyName: "Becherhaus", city: "Kiel" });
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).body.items.map((s) => s.companyName).sort();
    expect(await ids("porzellan")).toEqual(["Porzellan Nord"]);
    expect(await ids("GRETA LIND")).toEqual(["Porzellan Nord"]);
    expect(await ids("lindqvist")).toEqual(["Porzellan Nord"]);
    expect(await ids("suedkeramik.example")).toEqual(["Südkeramik"]);
    expect(await ids("kiel")).toEqual(["Becherhaus", "Porzellan Nord"]);
    const res = await list("?q=kiel&pageSize=1");
    expect(res.body.total).toBe(2);
    expect(res.body.items).toHaveLength(1);
    expect((await list("?q=nothing-matches-this")).body).toMatchObject({ items: [], total: 0 });
  });

  it("GET /api/admin/suppliers – % and _ in q are searched literally", async () => {
    await createOk({ companyName: "100% Keramik" });
    await createOk({ companyName: "1000 Keramik" });
    expect((await list(`?q=${encodeURIComponent("100%")}`)).body.items.map((s) => s.companyName)).toEqual(["100% Keramik"]);
    expect((await list(`?q=${encodeURIComponent("_")}`)).body.total).toBe(0);
  });

  it("GET /api/admin/suppliers – sorts by company name, city (empty last) and creation date in both directions", async () => {
    await createOk({ companyName: "aaa first", city: "Zwickau" });
    await createOk({ companyName: "Zzz last", city: "aachen" });
    await createOk({ companyName: "Mmm no city" });
    const items = async (query: string) => (await list(`${query}&pageSize=100`)).body.items;
    const names = async (query: string) => (await items(query)).map((s) => s.companyName);
    const byName = await names("?sort=companyName");
    expect(byName.indexOf("aaa first")).toBeLessThan(byName.indexOf("Mmm no city"));
    expect(byName.at(-1)).toBe("Zzz last");
    expect(await names("?sort=-companyName")).toEqual([...byName].reverse());
    // the default order is by company name
    expect(await names("?x=1")).toEqual(byName);

    const byCity = await items("?sort=city");
    expect(byCity[0]?.companyName).toBe("Zzz last");
    expect(byCity.at(-1)?.city).toBeNull();
    const byCityDesc = await items("?sort=-city");
    expect(byCityDesc[0]?.companyName).toBe("aaa first");
    expect(byCityDesc.at(-1)?.city).toBeNull();
    for (const order of [byCity, byCityDesc]) {
      const firstEmpty = order.findIndex((s) => s.city === null);
      expect(order.slice(firstEmpty).every((s) => s.city === null)).toBe(true);
    }

    const newest = await names("?sort=-createdAt");
    expect(newest.slice(0, 3)).toEqual(["Mmm no city", "Zzz last", "aaa first"]);
    expect(await names("?sort=createdAt")).toEqual([...newest].reverse());
  });

  const badQueries: { title: string; query: string; field: string }[] = [
    { title: "unknown sort key", query: "?sort=email", field: "sort" },
    { title: "page zero", query: "?page=0", field: "page" },
    { title: "page not a number", query: "?page=two", field: "page" },
    { title: "page size over 100", query: "?pageSize=101", field: "pageSize" },
  ];
  for (const row of badQueries) {
    it(`GET /api/admin/suppliers – ${row.title} → 422`, async () => {
      const res = await call<ErrorBody>(collection.GET, { path: `/api/admin/suppliers${row.query}`, cookie: await admin() });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([row.field]);
    });
  }
});

describe("catalogue cache and the article form's supplier options", () => {
  it("POST, PUT and DELETE /api/admin/suppliers – every write empties the catalogue cache", async () => {
    let loads = 0;
    const read = () => cachedCatalog("suppliers-test-sentinel", async () => ++loads);
    const cookie = await admin();
    await read();
    expect(await read()).toBe(1);
    const s = await createOk({ companyName: "Cache KG" });
    expect(await read()).toBe(2);
    await call(item.PUT, { method: "PUT", params: { supplierId: String(s.id) }, body: { companyName: "Cache KG 2" }, cookie });
    expect(await read()).toBe(3);
    await call(item.DELETE, { method: "DELETE", params: { supplierId: String(s.id) }, cookie });
    expect(await read()).toBe(4);
    // a refused write changes nothing and keeps the cache
    await call(collection.POST, { method: "POST", body: { companyName: "" }, cookie });
    expect(await read()).toBe(4);
  });

  it("listSupplierOptions – every supplier's id and company name, in the list's company-name order", async () => {
    const created = await createOk({ companyName: "Options Werke" });
    const options = await listSupplierOptions();
    expect(options).toContainEqual({ id: created.id, name: "Options Werke" });
    const listed = (await list("?sort=companyName&pageSize=100")).body.items;
    expect(options).toEqual(listed.map((s) => ({ id: s.id, name: s.companyName })));
  });
});
