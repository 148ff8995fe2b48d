import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect, type APIRequestContext } from "@playwright/test";
import { signUp } from "../helpers/outbox";

export const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="100%" height="100%" fill="#2a9d8f"/><circle cx="240" cy="180" r="100" fill="#e9c46a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function registerGuest(request: APIRequestContext): Promise<string> {
  const email = `guest-${unique()}@example.com`;
  const res = await request.post("/api/auth/register", { data: { email, guest: true } });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

export type Customer = { email: string; firstName: string; lastName: string; phone: string };
export async function registerCustomer(request: APIRequestContext): Promise<Customer> {
  const customer = { email: `buyer-${unique()}@example.com`, firstName: "Clara", lastName: "Schmidt", phone: "+49 30 1234567" };
  await signUp(request, { ...customer, password: "customer-pass-1" });
  return customer;
}

export type Mug = { id: number; name: string; variants: { id: number; name: string; isDefault: boolean }[] };

export async function designInCart(request: APIRequestContext, as: "guest" | "customer"): Promise<{ mug: Mug; variantName: string }> {
  const prompts = (await (await request.get("/api/prompts")).json()) as { id: number }[];
  const mugs = (await (await request.get("/api/mugs")).json()) as Mug[];
  const prompt = prompts[0];
  const mug = mugs[0];
  const variant = mug?.variants.find((v) => v.isDefault) ?? mug?.variants[0];
  if (!prompt || !mug || !variant) throw new Error("the demo catalogue has a prompt and a mug with a variant");
  const res = await request.post(as === "guest" ? "/api/public/images/generate" : "/api/user/ai/images/generate", {
    multipart: {
      image: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await photo() },
      promptId: String(prompt.id),
      mugId: String(mug.id),
    },
    timeout: 60_000,
  });
  expect(res.status(), await res.text()).toBe(200);
  const image = ((await res.json()) as { images: { id: number }[] }).images[0];
  if (!image) throw new Error("at least one generated image");
  const add = await request.post("/api/user/cart/items", {
    data: { mugId: mug.id, variantId: variant.id, imageId: image.id, promptId: prompt.id },
  });
  expect(add.status(), await add.text()).toBe(201);
  return { mug, variantName: variant.name };
}

const FUTURE_YEAR = new Date().getUTCFullYear() + 2;

export async function paidOrderViaApi(
  request: APIRequestContext,
  contact: { email: string; firstName: string; lastName: string },
  as: "guest" | "customer" = "customer",
): Promise<{ orderId: string; orderNumber: string }> {
  await designInCart(request, as);
  const address = {
    firstName: contact.firstName,
    lastName: contact.lastName,
    street1: "Hauptstraße 5",
    street2: null,
    city: "Berlin",
    postalCode: "10115",
    countryCode: "DE",
  };
  const placed = await request.post("/api/user/orders", {
    data: { idempotencyKey: randomUUID(), contact, shippingAddress: address, billingAddress: null, acceptWithdrawalWaiver: true },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string; orderNumber: string } };
  const paid = await request.post(`/api/user/orders/${order.id}/payment/sandbox`, {
    data: { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: FUTURE_YEAR, cvc: "123" },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { orderId: order.id, orderNumber: order.orderNumber };
}

export async function paidGuestOrder(request: APIRequestContext): Promise<{ email: string; orderId: string; orderNumber: string }> {
  const email = await registerGuest(request);
  return { email, ...(await paidOrderViaApi(request, { email, firstName: "Gina", lastName: "Gast" }, "guest")) };
}
