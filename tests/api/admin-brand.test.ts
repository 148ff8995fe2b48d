import { afterEach, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "@/db/client";
import { auditLog, brandSettings, images, outgoingMail } from "@/db/schema";
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SHOP_NAME } from "@/lib/domain/brand";
import type { BrandDto } from "@/lib/schemas/brand";
import { invalidateBrand } from "@/lib/services/brand-cache";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import * as brandRoute from "@/app/api/admin/settings/brand/route";
import * as logoRoute from "@/app/api/admin/settings/brand/logo/route";
import * as iconRoute from "@/app/api/brand/icon/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import * as packingSlipRoute from "@/app/api/admin/orders/[orderId]/packing-slip/route";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { SELLER, download, paidOrder, pdfText, setupInvoiceFixtures } from "../helpers/invoices";

setupInvoiceFixtures();

type ErrorBody = { message: string; errors: Record<string, string> };
const BRAND = { shopName: "Tassenglück", primaryColor: "#1D4ED8", supportEmail: "hilfe@tassenglueck.example" };

const admin = () => loginAs("admin");
const getBrand = async () => call<BrandDto>(brandRoute.GET, { path: "/api/admin/settings/brand", cookie: await admin() });
const putBrand = async (body: unknown) =>
  call<BrandDto & ErrorBody>(brandRoute.PUT, { method: "PUT", path: "/api/admin/settings/brand", body, cookie: await admin() });

function logoForm(bytes: Buffer | string, filename: string, type: string): FormData {
  const form = new FormData();
  form.set("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), filename);
  return form;
}
const postLogo = async (bytes: Buffer | string, filename: string, type = "application/octet-stream") =>
  call<BrandDto & ErrorBody>(logoRoute.POST, {
    method: "POST",
    path: "/api/admin/settings/brand/logo",
    body: logoForm(bytes, filename, type),
    cookie: await admin(),
  });

const png = () =>
  sharp({ create: { width: 64, height: 32, channels: 4, background: "#ff0000" } })
    .png()
    .toBuffer();

async function servedLogo(dto: BrandDto) {
  const id = /\/api\/images\/(\d+)/.exec(dto.logoUrl ?? "")?.[1];
  if (!id) throw new Error(`no logo in ${JSON.stringify(dto)}`);
  const res = await fetchRaw(imageRoute.GET, `/api/images/${id}`, { imageId: id });
  return res;
}

async function fetchRaw(handler: Parameters<typeof call>[0], path: string, params: Record<string, string> = {}) {
  const res = await handler(new Request(`http://localhost${path}`), { params: Promise.resolve(params) });
  return { status: res.status, type: res.headers.get("content-type") ?? "", bytes: Buffer.from(await res.arrayBuffer()) };
}

afterEach(async () => {
  const db = await getDb();
  await db.delete(brandSettings);
  await db.insert(brandSettings).values({ id: 1, shopName: DEFAULT_SHOP_NAME, primaryColor: DEFAULT_PRIMARY_COLOR });
  invalidateBrand();
});

describe("access matrix for the brand routes", () => {
  const cases: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  for (const { role, status } of cases) {
    it(`GET, PUT, POST logo and DELETE logo – ${role} → ${status}`, async () => {
      const cookie = await cookieFor(role);
      expect((await call(brandRoute.GET, { cookie })).status).toBe(status);
      expect((await call(brandRoute.PUT, { method: "PUT", body: BRAND, cookie })).status).toBe(status);
      const form = logoForm(await png(), "logo.png", "image/png");
      expect((await call(logoRoute.POST, { method: "POST", body: form, cookie })).status).toBe(status);
      expect((await call(logoRoute.DELETE, { method: "DELETE", cookie })).status).toBe(status);
    });
  }
});

describe("the brand settings", () => {
  it("are saved, answered, audited and normalised (colour in lower case)", async () => {
    const saved = await putBrand(BRAND);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...BRAND, primaryColor: "#1d4ed8", source: "saved", logoUrl: null });
    expect((await getBrand()).body).toMatchObject({ shopName: "Tassenglück", primaryColor: "#1d4ed8" });
    const [entry] = await (
      await getDb()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "brand_settings"), eq(auditLog.action, "brand_changed")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toEqual({ fields: ["shopName", "primaryColor", "supportEmail"] });
  });

  it("without a saved row, the shop is called by the seller's legal name", async () => {
    await (await getDb()).delete(brandSettings);
    invalidateBrand();
    expect((await getBrand()).body).toMatchObject({ shopName: SELLER.SELLER_NAME, source: "default", primaryColor: DEFAULT_PRIMARY_COLOR });
  });

  it.each([
    ["shopName", { shopName: "   " }, "Enter the shop's name."],
    ["shopName", { shopName: "x".repeat(61) }, "The shop's name can be at most 60 characters long."],
    ["shopName", { shopName: "Tassen\nGlück" }, "Line breaks, tabs and control characters are not allowed here"],
    ["shopName", { shopName: 7 }, "Enter the shop's name."],
    ["primaryColor", { primaryColor: "red" }, "Enter a colour as a hex code such as #1A2B3C"],
    ["primaryColor", { primaryColor: "#12345" }, "Enter a colour as a hex code such as #1A2B3C"],
    ["supportEmail", { supportEmail: "no-mail" }, "Invalid email format"],
  ])("a bad %s answers 422 with its message and stores nothing", async (field, bad, message) => {
    await putBrand(BRAND);
    const res = await putBrand({ ...BRAND, ...bad });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBe(message);
    expect((await getBrand()).body.shopName).toBe(BRAND.shopName);
  });

  it("a name of exactly 60 characters and no support email are fine", async () => {
    const res = await putBrand({ ...BRAND, shopName: ` ${"y".repeat(60)} `, supportEmail: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shopName: "y".repeat(60), supportEmail: null });
  });
});

describe("the logo", () => {
  it("is checked by its bytes: a PNG named .svg is stored as a PNG", async () => {
    const res = await postLogo(await png(), "logo.svg", "image/svg+xml");
    expect(res.status).toBe(200);
    const served = await servedLogo(res.body);
    expect(served.type).toBe("image/png");
    expect((await sharp(served.bytes).metadata()).format).toBe("png");
  });

  it("an SVG with a script is drawn to a PNG: no script is ever served", async () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)"><script>alert(document.cookie)</script><rect width="40" height="20" fill="#00f"/></svg>`;
    const res = await postLogo(svg, "logo.png", "image/png");
    expect(res.status).toBe(200);
    const served = await servedLogo(res.body);
    expect(served.type).toBe("image/png");
    expect(served.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(served.bytes.toString("latin1")).not.toMatch(/script|alert/i);
  });

  it("an SVG with entities or an outside reference is refused", async () => {
    const doctype = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><text>&x;</text></svg>`;
    const outside = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4" height="4"><image xlink:href="http://169.254.169.254/x.png" width="4" height="4"/></svg>`;
    for (const svg of [doctype, outside]) {
      const res = await postLogo(svg, "logo.svg", "image/svg+xml");
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("This SVG refers to other files or entities; save it without them or as a PNG.");
    }
  });

  it("a JPEG or a text file is refused whatever its name; an empty form names the field", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    for (const [bytes, name] of [
      [jpeg, "logo.png"],
      ["just text", "logo.webp"],
    ] as const) {
      const res = await postLogo(bytes, name);
      expect(res.status).toBe(415);
      expect(res.body.message).toBe("Only PNG, WebP or SVG files can be a logo.");
    }
    const empty = await call<ErrorBody>(logoRoute.POST, { method: "POST", body: new FormData(), cookie: await admin() });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.file).toBeDefined();
  });

  it("a WebP is taken; replacing and deleting the logo removes the old picture", async () => {
    const webp = await sharp({ create: { width: 20, height: 20, channels: 4, background: "#0f0" } })
      .webp()
      .toBuffer();
    const first = await postLogo(webp, "a.webp");
    expect(first.status).toBe(200);
    const firstId = Number(/(\d+)$/.exec(first.body.logoUrl ?? "")?.[1]);
    const second = await postLogo(await png(), "b.png");
    expect(second.body.logoUrl).not.toBe(first.body.logoUrl);
    const db = await getDb();
    expect(await db.select().from(images).where(eq(images.id, firstId))).toHaveLength(0);
    const removed = await call<BrandDto>(logoRoute.DELETE, { method: "DELETE", cookie: await admin() });
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeNull();
    const entries = await db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, "brand_changed"))
      .orderBy(desc(auditLog.id))
      .limit(3);
    expect(entries.map((e) => e.details)).toEqual(Array(3).fill({ fields: ["logo"] }));
  });

  it("the favicon is the logo, or the mug in the primary colour", async () => {
    await putBrand({ ...BRAND, primaryColor: "#fde047" });
    const mug = await fetchRaw(iconRoute.GET, "/api/brand/icon");
    expect(mug.type).toContain("image/svg+xml");
    expect(mug.bytes.toString()).toContain('fill="#fde047"');
    // Black on a pale yellow, white would not be read.
    expect(mug.bytes.toString()).toContain('fill="#000000"');
    await postLogo(await png(), "logo.png");
    const logo = await fetchRaw(iconRoute.GET, "/api/brand/icon");
    expect(logo.type).toBe("image/png");
  });
});

describe("the shop name in mails and documents", () => {
  it("a changed name reaches the receipt's subject and signature and the invoice PDF, typed text kept as typed", async () => {
    const shopName = "Becherwelt {orderNumber} & Co";
    expect((await putBrand({ ...BRAND, shopName })).status).toBe(200);
    const orderId = await paidOrder();
    await flushAfterResponse();
    const [mail] = await (
      await getDb()
    )
      .select()
      .from(outgoingMail)
      .where(and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, "receipt")));
    expect(mail?.subject).toMatch(/^Your Becherwelt \{orderNumber\} & Co order \S+$/);
    expect(mail?.text).toContain("Your Becherwelt {orderNumber} & Co team");
    expect(mail?.html).toContain("Your Becherwelt {orderNumber} &amp; Co team");
    const text = pdfText((await download(orderId, "customer")).bytes);
    expect(text).toContain("Becherwelt {orderNumber} & Co");
    const slip = await packingSlipRoute.GET(
      new Request(`http://localhost/api/admin/orders/${orderId}/packing-slip`, { headers: { cookie: await admin() } }),
      { params: Promise.resolve({ orderId }) },
    );
    expect(slip.status).toBe(200);
    expect(pdfText(Buffer.from(await slip.arrayBuffer()))).toContain("Becherwelt {orderNumber} & Co");
    // An issued invoice keeps the name it was issued under.
    await putBrand({ ...BRAND, shopName: "Später umbenannt" });
    const again = pdfText((await download(orderId, "customer")).bytes);
    expect(again).toContain("Becherwelt {orderNumber} & Co");
    expect(again).not.toContain("Später umbenannt");
  });
});
