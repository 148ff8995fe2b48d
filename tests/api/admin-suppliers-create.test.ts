import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/admin/suppliers/route";
import * as item from "@/app/api/admin/suppliers/[supplierId]/route";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { getDb } from "@/db/client";
import { suppliers } from "@/db/schema";
import { type Supplier, type ErrorBody, FULL, admin, create, createOk, count } from "../helpers/admin-suppliers";

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
