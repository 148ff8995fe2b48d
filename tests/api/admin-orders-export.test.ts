import { beforeAll, describe, expect, it } from "vitest";
import { inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import * as exportRoute from "@/app/api/admin/orders/export/route";
import * as detailRoute from "@/app/api/admin/orders/[orderId]/route";
import { call, cookieFor } from "../helpers/api";
import { seedOrder } from "../helpers/admin-orders-db";
import { TEST_USERS, tempDir } from "../helpers/test-db";
import { card, CARDS, checkoutBody, paySandbox, placedOrder, userIdOf, type ErrorBody } from "../helpers/orders";

const HEADER_EN = [
  "Order number",
  "Invoice numbers",
  "Order date",
  "Status",
  "Payment status",
  "Customer",
  "Email",
  "Billing address",
  "Shipping address",
  "Article",
  "Variant",
  "Colour",
  "Quantity",
  "Unit price (gross, EUR)",
  "Discount (EUR)",
  "Net (EUR)",
  "VAT rate (%)",
  "VAT (EUR)",
  "Gross (EUR)",
  "Shipping (gross, EUR)",
  "Order total (EUR)",
  "Refunded (EUR)",
  "Discount code",
];

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-admin-export-");
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
});

/** A strict RFC 4180 reader (quoted fields, doubled quotes, CRLF records) to check what the export wrote. */
function parseCsv(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || row.length > 0) throw new Error(`CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return rows;
}

async function request(query: Record<string, string>, lang: "en" | "de" = "en") {
  const cookie = await cookieFor("admin");
  const req = new Request(`http://localhost/api/admin/orders/export?${new URLSearchParams(query).toString()}`, {
    headers: { cookie: cookie ?? "", "accept-language": lang },
  });
  return exportRoute.GET(req, { params: Promise.resolve({}) });
}

/** The export's bytes, its text without the BOM and its records as objects keyed by the English header. */
async function exported(query: Record<string, string>, lang: "en" | "de" = "en", separator = lang === "de" && !query.format ? ";" : ",") {
  const res = await request(query, lang);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ""), separator);
  for (const r of records) expect(r).toHaveLength(HEADER_EN.length);
  const rows = records.map((r) => Object.fromEntries(HEADER_EN.map((h, i) => [h, r[i] ?? ""])));
  return { res, bytes, text, header, rows };
}

describe("GET /api/admin/orders/export – format", () => {
  let juergen: Awaited<ReturnType<typeof seedOrder>>;
  beforeAll(async () => {
    juergen = await seedOrder({
      createdAt: new Date("2022-01-15T09:30:00Z"),
      orderNumber: "MM-2022-E0001",
      firstName: "Jürgen",
      lastName: "Müßig",
      email: "juergen@example.com",
      status: "processing",
      paid: true,
      shipping: { firstName: "Jürgen", lastName: "Müßig", street1: "Domstraße 1", city: "Köln", postalCode: "50667", countryCode: "DE" },
      billing: {
        firstName: "Müßig",
        lastName: "& Söhne GmbH",
        street1: "Straße des 17. Juni 2",
        street2: "Büro, 3. OG",
        city: "Düsseldorf",
        postalCode: "40213",
        countryCode: "DE",
      },
      lines: [
        { articleName: "Classic Mug", variantName: "Weiß", colour: "Weiß", quantity: 2, unitPriceCents: 1499, vatPercent: 19 },
        { articleName: "Kochbuch „Tassenküche“", variantName: null, quantity: 1, unitPriceCents: 990, vatPercent: 7 },
      ],
    });
    await seedOrder({
      createdAt: new Date("2022-01-31T23:30:00Z"), // 00:30 on 1 February in Berlin (UTC+1)
      orderNumber: "MM-2022-E0002",
      firstName: '=HYPERLINK("http://evil")',
      lastName: 'Smith, "Jr."',
      status: "cancelled",
      paid: true,
      refundedCents: 1499 + 490,
    });
  });

  it("answers a CSV download: UTF-8 with BOM, the header row, the file name of the range", async () => {
    const { res, bytes, header } = await exported({ status: "all", from: "2022-01-01", to: "2022-01-31" });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="orders-2022-01-01-2022-01-31.csv"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(header).toEqual(HEADER_EN);
    const de = await exported({ status: "all", from: "2022-01-01", to: "2022-01-31" }, "de");
    expect(de.header?.slice(0, 5)).toEqual(["Bestellnummer", "Rechnungsnummern", "Bestelldatum", "Status", "Zahlungsstatus"]);
    expect(de.rows[0]?.Status).toBe("In Bearbeitung");
  });

  it("one row per order line; umlauts; net, VAT and gross per line and rate; order amounts on the first line only", async () => {
    const { rows, text } = await exported({ status: "all", from: "2022-01-15", to: "2022-01-15" });
    expect(text).toContain("Jürgen Müßig, Domstraße 1, 50667 Köln, DE");
    expect(rows).toEqual([
      {
        "Order number": "MM-2022-E0001",
        "Invoice numbers": "",
        "Order date": "2022-01-15",
        Status: "Processing",
        "Payment status": "Paid",
        Customer: "Jürgen Müßig",
        Email: "juergen@example.com",
        "Billing address": "Müßig & Söhne GmbH, Straße des 17. Juni 2, Büro, 3. OG, 40213 Düsseldorf, DE",
        "Shipping address": "Jürgen Müßig, Domstraße 1, 50667 Köln, DE",
        Article: "Classic Mug",
        Variant: "Weiß",
        Colour: "Weiß",
        Quantity: "2",
        "Unit price (gross, EUR)": "14.99",
        "Discount (EUR)": "0.00",
        "Net (EUR)": "25.19",
        "VAT rate (%)": "19",
        "VAT (EUR)": "4.79",
        "Gross (EUR)": "29.98",
        "Shipping (gross, EUR)": "4.90",
        "Order total (EUR)": "44.78",
        "Refunded (EUR)": "0.00",
        "Discount code": "",
      },
      {
        "Order number": "MM-2022-E0001",
        "Invoice numbers": "",
        "Order date": "2022-01-15",
        Status: "Processing",
        "Payment status": "Paid",
        Customer: "Jürgen Müßig",
        Email: "juergen@example.com",
        "Billing address": "Müßig & Söhne GmbH, Straße des 17. Juni 2, Büro, 3. OG, 40213 Düsseldorf, DE",
        "Shipping address": "Jürgen Müßig, Domstraße 1, 50667 Köln, DE",
        Article: "Kochbuch „Tassenküche“",
        Variant: "",
        Colour: "",
        Quantity: "1",
        "Unit price (gross, EUR)": "9.90",
        "Discount (EUR)": "0.00",
        "Net (EUR)": "9.25",
        "VAT rate (%)": "7",
        "VAT (EUR)": "0.65",
        "Gross (EUR)": "9.90",
        "Shipping (gross, EUR)": "",
        "Order total (EUR)": "",
        "Refunded (EUR)": "",
        "Discount code": "",
      },
    ]);
    // The seeded order's total is what the rows add up to.
    expect(juergen.totalCents).toBe(4478);
  });

  it("a discounted order: each line's share, net, VAT and gross after it; the code on the first line", async () => {
    const seeded = await seedOrder({
      createdAt: new Date("2022-04-20T10:00:00Z"),
      orderNumber: "MM-2022-E0003",
      paid: true,
      lines: [
        { unitPriceCents: 2000, vatPercent: 19, colour: "inside #FFFFFF / outside #000000" },
        { unitPriceCents: 1000, vatPercent: 7 },
      ],
    });
    const db = await getDb();
    // 3.00 off, split 2.00 / 1.00 over the lines as checkout does.
    await db.execute(
      sql`update order_items set discount_cents = case when vat_percent = 19 then 200 else 100 end where order_id = ${seeded.id}`,
    );
    await db.execute(
      sql`update orders set discount_cents = 300, discount_code = 'SPRING', total_cents = total_cents - 300 where id = ${seeded.id}`,
    );
    const { rows } = await exported({ status: "all", from: "2022-04-20", to: "2022-04-20" });
    expect(rows.map((r) => [r["Discount (EUR)"], r["Net (EUR)"], r["VAT (EUR)"], r["Gross (EUR)"], r["Discount code"]])).toEqual([
      ["-2.00", "15.13", "2.87", "18.00", "SPRING"],
      ["-1.00", "8.41", "0.59", "9.00", ""],
    ]);
    expect(rows[0]?.["Order total (EUR)"]).toBe(((seeded.totalCents - 300) / 100).toFixed(2));
    // Colours as words, in the admin's language.
    expect(rows[0]?.Colour).toBe("outside black, inside white");
    const de = await exported({ status: "all", from: "2022-04-20", to: "2022-04-20" }, "de");
    expect(de.rows[0]?.Colour).toBe("außen schwarz, innen weiß");
  });

  it("quotes commas and quotes; a formula-like name is defused; refunded orders show it", async () => {
    const { rows, text } = await exported({ status: "cancelled", from: "2022-02-01", to: "2022-02-01" });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      "Order number": "MM-2022-E0002",
      "Order date": "2022-02-01",
      Status: "Cancelled",
      "Payment status": "Refunded",
      Customer: `'=HYPERLINK("http://evil") Smith, "Jr."`,
      "Order total (EUR)": "19.89",
      "Refunded (EUR)": "19.89",
    });
    expect(text).toContain(`"'=HYPERLINK(""http://evil"") Smith, ""Jr."""`);
  });

  it("filters by status and by Berlin calendar days, 'to' included", async () => {
    const numbersOf = async (query: Record<string, string>) => [...new Set((await exported(query)).rows.map((r) => r["Order number"]))];
    expect(await numbersOf({ status: "open", from: "2022-01-01", to: "2022-02-28" })).toEqual(["MM-2022-E0001"]);
    expect(await numbersOf({ status: "completed", from: "2022-01-01", to: "2022-02-28" })).toEqual([]);
    expect(await numbersOf({ status: "all", from: "2022-01-01", to: "2022-01-31" })).toEqual(["MM-2022-E0001"]);
    expect(await numbersOf({ status: "all", from: "2022-01-15", to: "2022-02-01" })).toEqual(["MM-2022-E0001", "MM-2022-E0002"]);
    expect(await numbersOf({ from: "2022-02-01", to: "2022-02-01" })).toEqual(["MM-2022-E0002"]); // status defaults to all
  });

  it("follows the list's search (q) like the list does", async () => {
    const numbersOf = async (query: Record<string, string>) => [...new Set((await exported(query)).rows.map((r) => r["Order number"]))];
    expect(await numbersOf({ status: "all", from: "2022-01-01", to: "2022-02-28", q: "E0002" })).toEqual(["MM-2022-E0002"]);
    expect(await numbersOf({ status: "all", from: "2022-01-01", to: "2022-02-28", q: "no-such-order" })).toEqual([]);
  });

  it("names the file after its filter and dates", async () => {
    const nameOf = async (query: Record<string, string>) => (await request(query)).headers.get("content-disposition");
    expect(await nameOf({ status: "open", from: "2022-01-01", to: "2022-01-31" })).toBe(
      'attachment; filename="orders-open-2022-01-01-2022-01-31.csv"',
    );
    expect(await nameOf({ status: "cancelled", attention: "refundFailed", q: "Müller & Co", from: "2022-01-01", to: "2022-01-31" })).toBe(
      'attachment; filename="orders-cancelled-refundFailed-muller-co-2022-01-01-2022-01-31.csv"',
    );
  });

  it("an invalid query answers 422 as JSON", async () => {
    const cookie = await cookieFor("admin");
    const reversed = await call<ErrorBody>(exportRoute.GET, { path: "/api/admin/orders/export?from=2022-02-02&to=2022-02-01", cookie });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ to: "The end date must not be before the start date." });
    const bad = await call<ErrorBody>(exportRoute.GET, { path: "/api/admin/orders/export?to=2022-02-30", cookie });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ to: "Please enter a valid date (YYYY-MM-DD)." });
    expect((await call(exportRoute.GET, { path: "/api/admin/orders/export?status=nope", cookie })).status).toBe(422);
  });
});

/** Every field of every record is quoted (a quoted field is "…" with inner quotes doubled). */
function everyFieldQuoted(text: string, separator: string): boolean {
  const field = '"(?:[^"]|"")*"';
  const record = new RegExp(`^${field}(?:${separator === "|" ? "\\|" : separator}${field})*$`);
  // Quoted fields may hold line breaks: split records only on CRLF outside quotes.
  const records: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    if (!quoted && c === "\r" && text[i + 1] === "\n") {
      records.push(current);
      current = "";
      i++;
    } else current += c;
  }
  return records.length > 0 && current === "" && records.every((r) => record.test(r));
}

describe("GET /api/admin/orders/export – spreadsheet safety and the German Excel format", () => {
  beforeAll(async () => {
    await seedOrder({
      createdAt: new Date("2022-03-10T10:00:00Z"),
      orderNumber: "MM-2022-X0001",
      firstName: "Eve",
      lastName: "Doe,=1+1",
      email: "-eve@example.com",
      status: "processing",
      paid: true,
      refundedCents: 5,
      shipping: {
        firstName: "@Eve",
        lastName: "Doe",
        street1: "Main St 1;+cmd|' /C calc'!A0",
        street2: "Flat\t=2|-3",
        city: "Berlin",
        postalCode: "10115",
        countryCode: "DE",
      },
      lines: [
        { articleName: "Mug; =WEBSERVICE(1)", variantName: "+white", colour: "\rred", quantity: 1, unitPriceCents: 1499, vatPercent: 19 },
      ],
    });
  });

  const range = { status: "all", from: "2022-03-10", to: "2022-03-10" };

  it("quotes every field, the header included, in both formats", async () => {
    const en = await exported(range);
    expect(everyFieldQuoted(en.text.replace(/^\uFEFF/, ""), ",")).toBe(true);
    const de = await exported(range, "de");
    expect(everyFieldQuoted(de.text.replace(/^\uFEFF/, ""), ";")).toBe(true);
  });

  it("neutralises = + - @ tab and CR at the start of a text cell and after any separator inside it; amounts stay plain numbers", async () => {
    const { rows } = await exported(range);
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    expect(row.Customer).toBe("Eve Doe,'=1+1");
    expect(row.Email).toBe("'-eve@example.com");
    expect(row["Shipping address"]).toBe("'@Eve Doe, Main St 1;'+cmd|' /C calc'!A0, Flat\t'=2|'-3, 10115 Berlin, DE");
    expect(row.Article).toBe("Mug; '=WEBSERVICE(1)");
    expect(row.Variant).toBe("'+white");
    expect(row.Colour).toBe("'\rred");
    // No text cell, split at any of , ; tab |, yields a piece a spreadsheet would evaluate.
    for (const column of ["Customer", "Email", "Billing address", "Shipping address", "Article", "Variant", "Colour"]) {
      for (const piece of (row[column] ?? "").split(/[,;\t|]/))
        expect(piece.trimStart(), `${column}: ${piece}`).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(row["Unit price (gross, EUR)"]).toBe("14.99");
    expect(row["Refunded (EUR)"]).toBe("0.05");
    expect(row["VAT rate (%)"]).toBe("19");
    expect(row.Quantity).toBe("1");
  });

  it("German admins get the Excel (DE) format by default: semicolons, decimal commas, BOM; format=csv and format=excel-de choose explicitly", async () => {
    const de = await exported(range, "de");
    expect([...de.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(de.text).toContain('"Bestellnummer";"Rechnungsnummern";');
    expect(de.rows[0]).toMatchObject({
      "Order number": "MM-2022-X0001",
      "Unit price (gross, EUR)": "14,99",
      "Net (EUR)": "12,60",
      "VAT (EUR)": "2,39",
      "Refunded (EUR)": "0,05",
      Customer: "Eve Doe,'=1+1",
    });
    const deCsv = await exported({ ...range, format: "csv" }, "de", ",");
    expect(deCsv.rows[0]?.["Unit price (gross, EUR)"]).toBe("14.99");
    expect(deCsv.header?.[0]).toBe("Bestellnummer");
    const enExcel = await exported({ ...range, format: "excel-de" }, "en", ";");
    expect(enExcel.rows[0]?.["Unit price (gross, EUR)"]).toBe("14,99");
    expect(enExcel.header?.[0]).toBe("Order number");
    expect((await request({ ...range, format: "xlsx" })).status).toBe(422);
  });
});

describe("GET /api/admin/orders/export – a paid order", () => {
  it("carries the invoice number, payment status and the order date of a real checkout", async () => {
    const customerId = await userIdOf(TEST_USERS.customer.email);
    const placed = await placedOrder("customer", customerId, { body: checkoutBody({ acceptWithdrawalWaiver: true }) });
    const orderId = placed.order.id;
    expect((await paySandbox(orderId, card(CARDS.ok))).body.status).toBe("succeeded");
    const detail = await call<AdminOrderDetail>(detailRoute.GET, {
      path: `/api/admin/orders/${orderId}`,
      params: { orderId },
      cookie: await cookieFor("admin"),
    });
    const invoice = detail.body.invoices.find((i) => i.kind === "invoice");
    expect(invoice?.number).toMatch(/^RE-\d{4}-\d{6}$/);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date(detail.body.createdAt));
    const { rows } = await exported({ status: "open", from: today, to: today });
    const mine = rows.filter((r) => r["Order number"] === placed.order.orderNumber);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      "Invoice numbers": invoice?.number,
      "Order date": today,
      Status: "Pending",
      "Payment status": "Paid",
      Customer: "Anna Muster",
      Email: "anna@example.com",
      "Gross (EUR)": "14.99",
      "Order total (EUR)": (detail.body.totalCents / 100).toFixed(2),
    });
  });
});

describe("GET /api/admin/orders/export – streaming", () => {
  const COUNT = 300;
  beforeAll(async () => {
    // Three orders share each creation instant (page boundaries fall inside a group), with microseconds
    // that a JavaScript Date cannot hold.
    const ids: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const minute = Math.floor(i / 3);
      const o = await seedOrder({
        createdAt: new Date(Date.UTC(2023, 1, 10, 8, 0) + minute * 60_000),
        orderNumber: `MM-2023-S${String(i).padStart(4, "0")}`,
        paid: true,
        lines: [{ unitPriceCents: 1000 + i, vatPercent: i % 2 ? 7 : 19 }],
      });
      ids.push(o.id);
    }
    await (
      await getDb()
    )
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} + interval '0.000321 seconds'` })
      .where(inArray(orders.id, ids));
  });

  it("the body is a ReadableStream delivered in several chunks, BOM and header first", async () => {
    const res = await request({ status: "all", from: "2023-02-10", to: "2023-02-10" });
    expect(res.body).toBeInstanceOf(ReadableStream);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(chunks.length).toBeGreaterThanOrEqual(4); // header + 3 pages of 100 orders
    const first = new TextDecoder("utf-8", { ignoreBOM: true }).decode(chunks[0]);
    expect(first).toBe(`\uFEFF${HEADER_EN.map((h) => `"${h}"`).join(",")}\r\n`);
  });

  it("300 orders: every order exactly once, oldest first, amounts adding up", async () => {
    const { rows } = await exported({ status: "all", from: "2023-02-10", to: "2023-02-10" });
    expect(rows).toHaveLength(COUNT);
    const numbers = rows.map((r) => r["Order number"] ?? "");
    expect(new Set(numbers).size).toBe(COUNT);
    // Order numbers were given in creation order (three per minute); within a minute the id decides.
    const minutes = numbers.map((n) => Math.floor(Number(n.slice(-4)) / 3));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    const cents = (v: string | undefined) => Math.round(Number(v) * 100);
    const gross = rows.reduce((s, r) => s + cents(r["Gross (EUR)"]), 0);
    expect(gross).toBe(Array.from({ length: COUNT }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0));
    for (const r of rows) {
      expect(cents(r["Net (EUR)"]) + cents(r["VAT (EUR)"])).toBe(cents(r["Gross (EUR)"]));
      expect(r["Gross (EUR)"]).toMatch(/^\d+\.\d{2}$/);
    }
    expect(rows.filter((r) => r["VAT rate (%)"] === "7")).toHaveLength(COUNT / 2);
  });
});
