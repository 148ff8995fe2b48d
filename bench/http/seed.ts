import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { Client } from "./client";
import { mailedToken } from "../outbox";

export const ADMIN = { email: "admin@bench.local", password: "bench-admin-pass-123" };
export const ORDERS = 5;
export const CART_ITEMS = 3;
export const VAT_RATES = 50;

export interface Seeded {
  customer: Client;
  customerId: number;
  admin: Client;
  orders: number;
  cartItems: number;
  vatRates: number;
}

interface Mug {
  id: number;
  variants: { id: number; isDefault: boolean }[];
}

async function photo(): Promise<Blob> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="100%" height="100%" fill="#2a9d8f"/><circle cx="240" cy="180" r="100" fill="#e9c46a"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });
}

function positiveId(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1)
    throw new Error(`setup: ${what} answered no id (${JSON.stringify(value)})`);
  return value;
}

async function designInCart(customer: Client, promptId: number, mug: Mug, variantId: number, image: Blob): Promise<void> {
  const form = new FormData();
  form.set("image", image, "photo.jpg");
  form.set("promptId", String(promptId));
  form.set("mugId", String(mug.id));
  const generated = await customer.request<{ images?: { id: number }[] }>("POST", "/api/user/ai/images/generate", { form });
  const imageId = positiveId(generated.images?.[0]?.id, "POST /api/user/ai/images/generate");
  await customer.request("POST", "/api/user/cart/items", { json: { mugId: mug.id, variantId, imageId, promptId }, expect: 201 });
}

export async function seedShop(baseUrl: string, dataDir: string): Promise<Seeded> {
  const admin = new Client(baseUrl, "admin");
  await admin.request("POST", "/api/auth/login", { json: ADMIN });

  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = "bench-customer-pass-1";
  const customer = new Client(baseUrl, "customer");
  await customer.request("POST", "/api/auth/register", {
    json: { email, password, firstName: "Bench", lastName: "Customer" },
    expect: 202,
  });
  const token = await mailedToken(dataDir, email, "confirm-registration");
  await customer.request("POST", "/api/auth/register/confirm", { json: { token, password }, expect: 201 });

  const prompts = await customer.request<{ id: number }[]>("GET", "/api/prompts?locale=en");
  const mugs = await customer.request<Mug[]>("GET", "/api/mugs?locale=en");
  const promptId = positiveId(prompts[0]?.id, "GET /api/prompts");
  const mug = mugs[0];
  if (!mug || mug.variants.length === 0) throw new Error("setup: GET /api/mugs answered no mug with a variant");
  const variants = [...mug.variants].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const image = await photo();

  for (let i = 0; i < ORDERS; i++) {
    await designInCart(customer, promptId, mug, variants[0]?.id ?? 0, image);
    const placed = await customer.request<{ order?: { id?: string }; payment?: { status?: string } }>("POST", "/api/user/orders", {
      json: {
        idempotencyKey: randomUUID(),
        contact: { email, firstName: "Bench", lastName: "Customer", phone: "+49 30 1234567" },
        shippingAddress: {
          firstName: "Bench",
          lastName: "Customer",
          street1: "Hauptstraße 1",
          street2: null,
          city: "Berlin",
          postalCode: "10115",
          countryCode: "DE",
        },
        billingAddress: null,
        acceptWithdrawalWaiver: true,
      },
      expect: 201,
    });
    const orderId = placed.order?.id;
    if (!orderId) throw new Error("setup: POST /api/user/orders answered no order id");
    const card = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
    const paid = await customer.request<{ status?: string }>("POST", `/api/user/orders/${orderId}/payment/sandbox`, { json: card });
    if (paid.status !== "succeeded") throw new Error(`setup: the sandbox payment of order ${orderId} is "${paid.status}", not succeeded`);
  }

  for (let i = 0; i < CART_ITEMS; i++) {
    const variant = variants[i % variants.length];
    await designInCart(customer, promptId, mug, variant?.id ?? 0, image);
  }

  const existing = await admin.request<{ id: number }[]>("GET", "/api/admin/vat");
  for (let i = existing.length; i < VAT_RATES; i++) {
    const rate = await admin.request<{ id?: number }>("POST", "/api/admin/vat", {
      json: { name: `Bench rate ${i + 1}`, percent: (i % 20) + 0.5, description: `Description of rate ${i + 1}` },
      expect: 201,
    });
    positiveId(rate.id, "POST /api/admin/vat");
  }

  const cart = await customer.request<{ items?: unknown[] }>("GET", "/api/user/cart");
  const orders = await customer.request<unknown[]>("GET", "/api/user/orders");
  const rates = await admin.request<unknown[]>("GET", "/api/admin/vat");
  const cartItems = cart.items?.length ?? 0;
  if (cartItems < 1) throw new Error(`setup: the cart holds ${cartItems} items`);
  if (orders.length < ORDERS) throw new Error(`setup: the customer has ${orders.length} orders, expected ${ORDERS}`);
  if (rates.length < VAT_RATES) throw new Error(`setup: ${rates.length} VAT rates, expected ${VAT_RATES}`);
  const own = await customer.request<{ user?: { id?: unknown } }>("GET", "/api/auth/session");
  const customerId = positiveId(own.user?.id, "GET /api/auth/session");
  return { customer, customerId, admin, orders: orders.length, cartItems, vatRates: rates.length };
}
