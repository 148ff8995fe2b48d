import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "@/db/client";
import { generations, prompts } from "@/db/schema";
import { MUG_ARTICLE } from "@/db/seed-data";
import { storeImage } from "@/lib/services/images";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { dpiVerdict, effectivePrintDpi } from "@/lib/domain/print-fit";
import { fitPrintImage } from "@/lib/services/print";
import * as processRoute from "@/app/api/admin/orders/[orderId]/process/route";
import * as completeRoute from "@/app/api/admin/orders/[orderId]/complete/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import * as itemsRoute from "@/app/api/user/cart/items/route";
import { call, cookieFor, type Role } from "../helpers/api";
import { seedOrder } from "../helpers/admin-orders-db";
import { TEST_USERS } from "../helpers/test-db";
import { card, CARDS, checkoutBody, clearCart, paySandbox, placeOrder, seededMug } from "../helpers/orders";
import { ANY_UUID, adminPost, detail, otherId, printPdf, setupAdminOrderFixtures } from "../helpers/admin-orders";

setupAdminOrderFixtures();

describe("GET /api/admin/orders/{orderId} – detail and production sheet", () => {
  let orderId: string;
  let itemId: number;
  let uploadId: number;
  let designId: number;
  let promptId: number;

  beforeAll(async () => {
    const db = await getDb();
    const [prompt] = await db.select().from(prompts).where(eq(prompts.promptNumber, "P-001"));
    if (!prompt) throw new Error("seeded prompt P-001");
    promptId = prompt.id;
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#884422" } })
      .jpeg()
      .toBuffer();
    const upload = await storeImage({ bytes: photo, use: "editor", format: "jpeg", type: "UPLOADED", ownerId: otherId });
    uploadId = upload.id;
    const [generation] = await db
      .insert(generations)
      .values({
        userId: otherId,
        promptId,
        provider: "openai",
        model: "gpt-image-1",
        sourceImageId: upload.id,
        promptText: "Transform the photo into pop art. Exact text.",
        status: "SUCCEEDED",
        costMicroCents: 4_200_000,
      })
      .returning();
    if (!generation) throw new Error("generation inserted");
    // 1600 × 640 on the 200 × 80 mm print area: 1600 px / (200 / 25.4) in = 203 DPI.
    const bytes = await sharp({ create: { width: 1600, height: 640, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const design = await storeImage({
      bytes,
      use: "generated",
      format: "png",
      type: "GENERATED",
      ownerId: otherId,
      promptId,
      sourceImageId: upload.id,
      generationId: generation.id,
    });
    designId = design.id;

    await clearCart("other");
    const { mugId, variantId } = await seededMug();
    const added = await call(itemsRoute.POST, {
      method: "POST",
      path: "/api/user/cart/items",
      body: { mugId, variantId, imageId: design.id, quantity: 2 },
      cookie: await cookieFor("other"),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // The mockups made after add-to-cart, so the production sheet shows them.
    await flushAfterResponse();
    const placed = await placeOrder(
      checkoutBody({
        acceptWithdrawalWaiver: true,
        billingAddress: {
          firstName: "Firma",
          lastName: "GmbH",
          street1: "Industrieweg 5",
          street2: "Halle 2",
          city: "Köln",
          postalCode: "50667",
          countryCode: "DE",
        },
      }),
      "other",
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    orderId = placed.body.order.id;
    itemId = placed.body.order.items[0]?.id ?? 0;
    const paid = await paySandbox(orderId, card(CARDS.ok), "other");
    expect(paid.body.status).toBe("succeeded");
    await adminPost(processRoute.POST, orderId, "process");
    await adminPost(completeRoute.POST, orderId, "complete", { carrier: "DHL", trackingNumber: "00340434161234567890" });
  });

  it("shows customer, addresses, lines, money, payments, invoices and actions", async () => {
    const res = await detail(orderId);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      id: orderId,
      status: "shipped",
      paymentStatus: "paid",
      locale: "en",
      userId: otherId,
      email: "anna@example.com",
      firstName: "Anna",
      lastName: "Muster",
      phone: "+49 30 1234567",
      currency: "EUR",
      carrier: "DHL",
      trackingNumber: "00340434161234567890",
      shippingAddress: {
        firstName: "Anna",
        lastName: "Muster",
        street1: "Hauptstraße 1",
        street2: null,
        city: "Berlin",
        postalCode: "10115",
        countryCode: "DE",
      },
      billingAddress: {
        firstName: "Firma",
        lastName: "GmbH",
        street1: "Industrieweg 5",
        street2: "Halle 2",
        city: "Köln",
        postalCode: "50667",
        countryCode: "DE",
      },
      refundedCents: 0,
      cancelledAt: null,
      cancelReason: null,
      deliveredAt: null,
      actions: ["deliver"],
      canRefund: true,
      canResendReceipt: true,
    });
    expect(d.paidCents).toBe(d.totalCents);
    expect(d.refundableCents).toBe(d.totalCents);
    expect(d.processedAt).not.toBeNull();
    expect(d.shippedAt).not.toBeNull();
    expect(d.withdrawalWaiverAt).toEqual(expect.any(String));
    expect(d.items).toHaveLength(1);
    expect(d.items[0]).toMatchObject({
      id: itemId,
      articleName: MUG_ARTICLE.name,
      variantName: "White",
      quantity: 2,
      unitPriceCents: 1499,
      vatPercent: 19,
      totalCents: 2998,
      personalised: true,
    });
    expect(d.payments).toEqual([
      {
        id: expect.any(Number),
        provider: "sandbox",
        providerPaymentId: expect.any(String),
        status: "succeeded",
        amountCents: d.totalCents,
        refundedCents: 0,
        failureMessage: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(d.refunds).toEqual([]);
    const invoice = d.invoices.find((i) => i.kind === "invoice");
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^RE-\d{4}-\d{6}$/),
      grossCents: d.totalCents,
      url: `/api/admin/orders/${orderId}/invoice?invoiceId=${invoice?.id}`,
    });
  });

  it("the production sheet names the photo, the design, the prompt, the model, the cost, the print PDF and the DPI verdict", async () => {
    const sheet = (await detail(orderId)).body.items[0]?.production;
    expect(sheet).toEqual({
      sourceImageUrl: `/api/images/${uploadId}`,
      designImageUrl: `/api/images/${designId}`,
      mockups: {
        front: expect.stringMatching(new RegExp(`^/api/images/${designId}/mockups/\\d+/front\\?v=[0-9a-f]{16}$`)) as string,
        left: expect.stringMatching(new RegExp(`^/api/images/${designId}/mockups/\\d+/left\\?v=`)) as string,
        right: expect.stringMatching(new RegExp(`^/api/images/${designId}/mockups/\\d+/right\\?v=`)) as string,
      },
      designWidth: 1600,
      designHeight: 640,
      promptTitle: "Pop Art",
      promptText: "Transform the photo into pop art. Exact text.",
      provider: "openai",
      model: "gpt-image-1",
      generationCostCents: 4.2,
      printPdfUrl: `/api/admin/orders/${orderId}/items/${itemId}/print`,
      dpi: { effectiveDpi: 203, verdict: "ok" },
      // 1600 × 640 on the 200 × 80 mm template: 203 DPI of its own, printed at 300 DPI (2362 × 945 px, ×1.48).
      print: { sourceDpi: 203, width: 2362, height: 945, dpi: 300, upscale: 1.48, templateWidthMm: 200, templateHeightMm: 80 },
    });
    // The prompt title in the admin's language.
    expect((await detail(orderId, "admin", "de")).body.items[0]?.production.promptTitle).toBe("Pop-Art");
  });

  it("the admin can open the customer's photo and design; another customer still cannot", async () => {
    for (const id of [uploadId, designId]) {
      const get = async (who: Role) =>
        call(imageRoute.GET, { path: `/api/images/${id}`, params: { imageId: String(id) }, cookie: await cookieFor(who) });
      expect((await get("admin")).status).toBe(200);
      expect((await get("staff")).status).toBe(200); // works on the order
      expect((await get("other")).status).toBe(200); // the owner
      expect((await get("customer")).status).toBe(404);
      expect((await get("anonymous")).status).toBe(404);
    }
  });

  it("staff see only the pictures of orders: another image of the same customer is 404 for them", async () => {
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#224488" } })
      .jpeg()
      .toBuffer();
    const unordered = await storeImage({ bytes: photo, use: "editor", format: "jpeg", type: "UPLOADED", ownerId: otherId });
    const get = async (who: Role) =>
      call(imageRoute.GET, {
        path: `/api/images/${unordered.id}`,
        params: { imageId: String(unordered.id) },
        cookie: await cookieFor(who),
      });
    expect((await get("staff")).status).toBe(404);
    expect((await get("admin")).status).toBe(200);
  });

  it("the print PDF is the line's design in the mug's format, with the DPI the sheet shows", async () => {
    const res = await printPdf(orderId, itemId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("x-print-dpi")).toBe("203");
    expect(res.headers.get("x-print-dpi-ok")).toBe("true");
    // The sheet's print resolution: the 203-DPI design is upscaled ×1.48 to 300 DPI.
    expect(res.headers.get("x-print-source-dpi")).toBe("203");
    expect(res.headers.get("x-print-effective-dpi")).toBe("300");
    expect(res.headers.get("x-print-upscale")).toBe("1.48");
    // The packer matches the sheet to its parcel: order number, line, mug.
    const { orderNumber } = (await detail(orderId)).body;
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="${orderNumber}-line-1-${MUG_ARTICLE.articleNumber}-print.pdf"`,
    );
    expect(String(res.body).startsWith("%PDF-")).toBe(true);
  });

  it("the DPI verdict uses the print PDF's numbers: too_low below 150 (x-print-dpi-ok false), low below 200, ok from 200", async () => {
    const cases = [
      [1000, 400, 127, "too_low"],
      [1181, 472, 150, "low"],
      [1300, 520, 165, "low"],
      [1600, 640, 203, "ok"],
      [640, 1600, 81, "too_low"], // portrait: the cover crop keeps a 640 × 256 band
      [2400, 2400, 305, "ok"],
    ] as const;
    for (const [width, height, dpi, verdict] of cases) {
      const bytes = await sharp({ create: { width, height, channels: 3, background: "#808080" } })
        .png()
        .toBuffer();
      expect((await fitPrintImage(bytes, 200, 80)).dpi, `${width}×${height}`).toBe(dpi);
      expect(effectivePrintDpi(width, height, 200, 80)).toBe(dpi);
      expect(dpiVerdict(dpi)).toBe(verdict);
    }
  });

  it("the timeline lists the events in order, with the actor's email", async () => {
    const { timeline } = (await detail(orderId)).body;
    const ids = timeline.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const main = timeline.filter((e) => ["placed", "paid", "processed", "shipped"].includes(e.type));
    expect(main.map((e) => [e.type, e.fromStatus, e.toStatus, e.actor])).toEqual([
      ["placed", null, "pending", "customer"],
      ["paid", null, null, "provider"],
      ["processed", "pending", "processing", "admin"],
      ["shipped", "processing", "shipped", "admin"],
    ]);
    expect(main[0]?.actorEmail).toBe(TEST_USERS.other.email);
    expect(main[2]?.actorEmail).toBe(TEST_USERS.admin.email);
    expect(main[3]?.data).toMatchObject({ carrier: "DHL", trackingNumber: "00340434161234567890" });
  });

  it("an edited design shows the generation of the generated image it was edited from", async () => {
    const bytes = await sharp({ create: { width: 1300, height: 520, channels: 3, background: "#aa3366" } })
      .png()
      .toBuffer();
    const edited = await storeImage({ bytes, use: "edited", format: "png", type: "EDITED", ownerId: otherId, sourceImageId: designId });
    const { mugId } = await seededMug();
    const o = await seedOrder({ lines: [{ unitPriceCents: 1499, vatPercent: 19, articleId: mugId, imageId: edited.id }] });
    const sheet = (await detail(o.id, "admin", "de")).body.items[0]?.production;
    expect(sheet).toMatchObject({
      sourceImageUrl: `/api/images/${uploadId}`,
      designImageUrl: `/api/images/${edited.id}`,
      designWidth: 1300,
      designHeight: 520,
      promptTitle: "Pop-Art",
      promptText: "Transform the photo into pop art. Exact text.",
      model: "gpt-image-1",
      printPdfUrl: `/api/admin/orders/${o.id}/items/${o.itemIds[0]}/print`,
      dpi: { effectiveDpi: 165, verdict: "low" },
    });
    const pdf = await printPdf(o.id, o.itemIds[0] ?? 0);
    expect(pdf.headers.get("x-print-dpi")).toBe("165");
  });

  it("an order without a generation: design only, the print PDF of a line without an image is 404", async () => {
    const plain = await seedOrder({ lines: [{ unitPriceCents: 990, vatPercent: 7, articleName: "Sticker", variantName: null }] });
    const res = await detail(plain.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      paymentStatus: "unpaid",
      paidCents: 0,
      refundableCents: 0,
      canRefund: false,
      canResendReceipt: false,
      actions: ["cancel"],
      invoices: [],
      timeline: [],
    });
    expect(res.body.items[0]?.production).toEqual({
      sourceImageUrl: null,
      designImageUrl: null,
      mockups: { front: null, left: null, right: null },
      designWidth: null,
      designHeight: null,
      promptTitle: null,
      promptText: null,
      provider: null,
      model: null,
      generationCostCents: null,
      printPdfUrl: null,
      dpi: null,
      print: null,
    });
    expect((await printPdf(plain.id, plain.itemIds[0] ?? 0)).status).toBe(404);
  });

  it("unknown orders and items answer 404", async () => {
    expect((await detail(ANY_UUID)).status).toBe(404);
    expect((await detail("not-a-uuid")).status).toBe(404);
    const other = await seedOrder();
    for (const [order, item] of [
      [orderId, 2_000_000_000],
      [other.id, itemId], // a line of another order
      [ANY_UUID, itemId],
      [orderId, "abc"],
      ["not-a-uuid", itemId],
    ] as const) {
      const res = await printPdf(order, item);
      expect(res.status, `${order}/${item}`).toBe(404);
      expect(res.body.message).toBe("Not found");
    }
  });
});
