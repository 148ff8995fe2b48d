import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/suppliers/route";
import * as item from "@/app/api/admin/suppliers/[supplierId]/route";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { getDb } from "@/db/client";
import { articles, suppliers } from "@/db/schema";
import { SUPPLIER } from "@/db/seed-data";
import { cachedCatalog } from "@/lib/services/catalog-cache";
import { listSupplierOptions } from "@/lib/services/suppliers";

type Supplier = {
  id: number;
  companyName: string;
  website: string | null;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  street: string | null;
  houseNumber: string | null;
  city: string | null;
  postalCode: string | null;
  countryCode: string | null;
  countryName: string | null;
  phone1: string | null;
  phone2: string | null;
  phone3: string | null;
  createdAt: string;
  updatedAt: string;
};
type Page = { items: Supplier[]; total: number; page: number; pageSize: number };
type ErrorBody = { message: string; errors: Record<string, string> };

const FULL = {
  companyName: "Tassenwerk Dresden GmbH",
  website: "https://tassenwerk.example",
  title: "Dr.",
  firstName: "Jonas",
  lastName: "Becker",
  email: "einkauf@tassenwerk.example",
  street: "Königsbrücker Straße",
  houseNumber: "7a",
  city: "Dresden",
  postalCode: "01067",
  countryCode: "DE",
  phone1: "+49 351 1234567",
  phone2: "0351/765432-1",
  phone3: "+49 (170) 1234567",
};

async function admin() {
  return loginAs("admin");
}

async function create(body: Record<string, unknown>) {
  return call<Supplier>(collection.POST, { method: "POST", path: "/api/admin/suppliers", body, cookie: await admin() });
}

async function createOk(body: Record<string, unknown>): Promise<Supplier> {
  const res = await create(body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function list(query = "") {
  return call<Page>(collection.GET, { path: `/api/admin/suppliers${query}`, cookie: await admin() });
}

async function count(): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: suppliers.id }).from(suppliers)).length;
}

describe("access matrix for /api/admin/suppliers", () => {
  const cases: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  for (const { role, status } of cases) {
    it(`GET /api/admin/suppliers – ${role} → ${status}`, async () => {
      const res = await call(collection.GET, { path: "/api/admin/suppliers", cookie: await cookieFor(role) });
      expect(res.status).toBe(status);
    });
    it(`POST /api/admin/suppliers – ${role} → ${status === 200 ? 201 : status}`, async () => {
      const before = await count();
      const res = await call(collection.POST, { method: "POST", body: { companyName: `Access ${role}` }, cookie: await cookieFor(role) });
      expect(res.status).toBe(status === 200 ? 201 : status);
      expect(await count()).toBe(status === 200 ? before + 1 : before);
    });
    it(`GET/PUT/DELETE /api/admin/suppliers/{supplierId} – ${role} → ${status}`, async () => {
      const target = await createOk({ companyName: `Target ${role}` });
      const params = { supplierId: String(target.id) };
      const cookie = await cookieFor(role);
      expect((await call(item.GET, { params, cookie })).status).toBe(status);
      expect((await call(item.PUT, { method: "PUT", params, body: { companyName: `Renamed ${role}` }, cookie })).status).toBe(status);
      expect((await call(item.DELETE, { method: "DELETE", params, cookie })).status).toBe(status);
      const db = await getDb();
      const [left] = await db.select().from(suppliers).where(eq(suppliers.id, target.id));
      if (status === 200) expect(left).toBeUndefined();
      else expect(left?.companyName).toBe(`Target ${role}`);
    });
  }
  it("GET /api/admin/suppliers – anonymous and customer answers carry the spec's messages", async () => {
    expect((await call(collection.GET)).body).toMatchObject({ message: "Authentication required" });
    expect((await call(collection.GET, { cookie: await loginAs("customer") })).body).toMatchObject({ message: expect.any(String) });
  });
});

describe("POST /api/admin/suppliers", () => {
  it("POST /api/admin/suppliers – creates a supplier with every field and answers 201", async () => {
    const res = await create(FULL);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...FULL, countryName: "Germany" });
    const got = await call<Supplier>(item.GET, { params: { supplierId: String(res.body.id) }, cookie: await admin() });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("POST /api/admin/suppliers – only the company name is required; texts are trimmed and empty ones stored as null", async () => {
    const res = await create({
      companyName: "  Minimal AG  ",
      website: "",
      title: "   ",
      firstName: " Eva ",
      email: "  ",
      postalCode: "",
      countryCode: "",
      phone1: "",
      phone2: null,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      companyName: "Minimal AG",
      website: null,
      title: null,
      firstName: "Eva",
      lastName: null,
      email: null,
      postalCode: null,
      countryCode: null,
      countryName: null,
      phone1: null,
      phone2: null,
      phone3: null,
    });
  });

  it("POST /api/admin/suppliers – a website without a scheme is stored with https:// in front", async () => {
    expect((await createOk({ companyName: "A", website: "example.com" })).website).toBe("https://example.com");
    expect((await createOk({ companyName: "B", website: "www.example.co.uk/shop?x=1" })).website).toBe(
      "https://www.example.co.uk/shop?x=1",
    );
    expect((await createOk({ companyName: "C", website: "example.com:8080" })).website).toBe("https://example.com:8080");
    expect((await createOk({ companyName: "D", website: "http://example.de" })).website).toBe("http://example.de");
  });

  it("POST /api/admin/suppliers – the postal code keeps leading zeros and the country code is upper-cased", async () => {
    const s = await createOk({ companyName: "Zeros", postalCode: "00100", countryCode: "at" });
    expect(s).toMatchObject({ postalCode: "00100", countryCode: "AT", countryName: "Austria" });
  });

  it("POST /api/admin/suppliers – the country name follows the caller's language", async () => {
    const res = await call<Supplier>(collection.POST, {
      method: "POST",
      body: { companyName: "Wien", countryCode: "AT" },
      cookie: `${await admin()}; NEXT_LOCALE=de`,
    });
    expect(res.body.countryName).toBe("Österreich");
  });

  const bad: { title: string; body: Record<string, unknown>; field: string; message: string }[] = [
    { title: "company name missing", body: { companyName: undefined }, field: "companyName", message: "Company name is required" },
    { title: "company name blank", body: { companyName: "   " }, field: "companyName", message: "Company name is required" },
    { title: "company name null", body: { companyName: null }, field: "companyName", message: "Company name is required" },
    {
      title: "company name too long",
      body: { companyName: "x".repeat(256) },
      field: "companyName",
      message: "Company name must be at most 255 characters",
    },
    { title: "email without @", body: { email: "nope" }, field: "email", message: "Invalid email format" },
    { title: "email without domain", body: { email: "a@" }, field: "email", message: "Invalid email format" },
    { title: "postal code negative", body: { postalCode: "-5" }, field: "postalCode", message: "Postal code must be a positive number" },
    { title: "postal code zero", body: { postalCode: "0" }, field: "postalCode", message: "Postal code must be a positive number" },
    { title: "postal code all zeros", body: { postalCode: "0000" }, field: "postalCode", message: "Postal code must be a positive number" },
    { title: "postal code letters", body: { postalCode: "abc" }, field: "postalCode", message: "Postal code must be a positive number" },
    { title: "postal code decimal", body: { postalCode: "12.5" }, field: "postalCode", message: "Postal code must be a positive number" },
    {
      title: "postal code with plus sign",
      body: { postalCode: "+5" },
      field: "postalCode",
      message: "Postal code must be a positive number",
    },
    {
      title: "postal code a number, not text",
      body: { postalCode: 50829 },
      field: "postalCode",
      message: "Postal code must be a positive number",
    },
    {
      title: "website with ftp scheme",
      body: { website: "ftp://x" },
      field: "website",
      message: "Enter a website address such as https://example.com",
    },
    {
      title: "website not a url",
      body: { website: "not a url" },
      field: "website",
      message: "Enter a website address such as https://example.com",
    },
    {
      title: "website javascript:",
      body: { website: "javascript:alert(1)" },
      field: "website",
      message: "Enter a website address such as https://example.com",
    },
    {
      title: "website without a domain",
      body: { website: "https://localhost" },
      field: "website",
      message: "Enter a website address such as https://example.com",
    },
    {
      title: "website too long",
      body: { website: `https://example.com/${"a".repeat(2048)}` },
      field: "website",
      message: "Website must be at most 2048 characters",
    },
    { title: "phone 1 letters", body: { phone1: "abc" }, field: "phone1", message: "Invalid phone number" },
    { title: "phone 2 too few digits", body: { phone2: "12345" }, field: "phone2", message: "Invalid phone number" },
    { title: "phone 3 too many digits", body: { phone3: "+49 1234567890123456789" }, field: "phone3", message: "Invalid phone number" },
    { title: "country unknown", body: { countryCode: "XX" }, field: "countryCode", message: "Please choose a country from the list" },
    {
      title: "country not a code",
      body: { countryCode: "Germany" },
      field: "countryCode",
      message: "Please choose a country from the list",
    },
    { title: "city too long", body: { city: "x".repeat(256) }, field: "city", message: "Text is too long" },
    { title: "house number too long", body: { houseNumber: "1".repeat(21) }, field: "houseNumber", message: "Text is too long" },
    { title: "first name not text", body: { firstName: 5 }, field: "firstName", message: "Invalid value" },
  ];
  for (const row of bad) {
    it(`POST /api/admin/suppliers – ${row.title} → 422 "${row.message}"`, async () => {
      const before = await count();
      const body = { companyName: "Valid GmbH", ...row.body };
      const res = await call<ErrorBody>(collection.POST, { method: "POST", body, cookie: await admin() });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors).toEqual({ [row.field]: row.message });
      expect(await count()).toBe(before);
    });
  }

  it("POST /api/admin/suppliers – several bad fields are reported together", async () => {
    const res = await call<ErrorBody>(collection.POST, {
      method: "POST",
      body: { companyName: "", email: "nope", postalCode: "-5", website: "ftp://x", phone1: "abc" },
      cookie: await admin(),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      companyName: "Company name is required",
      email: "Invalid email format",
      postalCode: "Postal code must be a positive number",
      website: "Enter a website address such as https://example.com",
      phone1: "Invalid phone number",
    });
  });

  it("POST /api/admin/suppliers – answers in German when the caller's language is German", async () => {
    const res = await call<ErrorBody>(collection.POST, {
      method: "POST",
      body: { companyName: " ", email: "nope", postalCode: "0" },
      cookie: `${await admin()}; NEXT_LOCALE=de`,
    });
    expect(res.body.errors).toEqual({
      companyName: "Firmenname ist erforderlich",
      email: "Ungültiges E-Mail-Format",
      postalCode: "Die Postleitzahl muss eine positive Zahl sein",
    });
  });

  it("POST /api/admin/suppliers – malformed JSON → 400, never 500", async () => {
    const res = await call(collection.POST, { method: "POST", body: "{companyName: oops", cookie: await admin() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "The request body is not valid JSON" });
  });
});

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
