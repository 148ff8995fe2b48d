import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as ordersRoute from "@/app/api/user/orders/route";
import * as cancelRoute from "@/app/api/user/orders/[orderId]/cancel/route";
import * as guestCancelRoute from "@/app/api/guest/orders/[token]/cancel/route";
import { orderLinkToken } from "@/lib/security/order-link";
import { resetEnvCache } from "@/lib/env";
import type { OrderDto, PlaceOrderResponse } from "@/lib/schemas/orders";
import { call } from "../helpers/api";
import { tempDir } from "../helpers/test-db";
import { checkoutBody, fillCart, newCustomer, type ErrorBody } from "../helpers/orders";

/** Placing and cancelling orders are limited per account and per client address, so nobody floods the shop (or its mail). */

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-order-limits-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  process.env.ORDERS_PER_HOUR_PER_ACCOUNT = "2";
  process.env.ORDERS_PER_HOUR_PER_CLIENT = "3";
  process.env.CANCELS_PER_HOUR_PER_ACCOUNT = "1";
  process.env.CANCELS_PER_HOUR_PER_CLIENT = "2";
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
});

type Buyer = Awaited<ReturnType<typeof newCustomer>>;
let net = 0;
/** A client address of its own per scenario. */
const freshIp = () => `203.0.${++net}.${randomInt(1, 255)}`;

const place = (buyer: Buyer, ip: string, body: Record<string, unknown> = checkoutBody(), lang = "en") =>
  call<PlaceOrderResponse & ErrorBody>(ordersRoute.POST, {
    method: "POST",
    path: "/api/user/orders",
    body,
    cookie: buyer.cookie,
    headers: { "x-forwarded-for": ip, "accept-language": lang },
  });
const cancel = (buyer: Buyer, ip: string, orderId: string, lang = "en") =>
  call<OrderDto & ErrorBody>(cancelRoute.POST, {
    method: "POST",
    path: `/api/user/orders/${orderId}/cancel`,
    params: { orderId },
    cookie: buyer.cookie,
    headers: { "x-forwarded-for": ip, "accept-language": lang },
  });

async function buyerWithCart(label: string): Promise<Buyer> {
  const buyer = await newCustomer(label);
  await fillCart(buyer, buyer.id);
  return buyer;
}

describe("POST /api/user/orders – ORDERS_PER_HOUR_PER_ACCOUNT and _PER_CLIENT", () => {
  it("an account past its allowance gets 429 with Retry-After in its language; a replayed key is not counted", async () => {
    const buyer = await buyerWithCart("limit-place");
    const ip = freshIp();
    const first = checkoutBody();
    expect((await place(buyer, ip, first)).status).toBe(201);
    // A double submit of the same checkout is the same order, not another placement.
    expect((await place(buyer, ip, first)).status).toBe(201);
    expect((await place(buyer, freshIp())).status).toBe(201);
    const refused = await place(buyer, freshIp());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.message).toBe("You have placed many orders in a short time. Please try again later.");
    const de = await place(buyer, freshIp(), checkoutBody(), "de");
    expect(de.status).toBe(429);
    expect(de.body.message).toBe("Du hast in kurzer Zeit sehr viele Bestellungen aufgegeben. Bitte versuche es später erneut.");
  });

  it("one client address past its allowance gets 429 whatever account it uses; another address goes on", async () => {
    const ip = freshIp();
    const a = await buyerWithCart("limit-client-a");
    const b = await buyerWithCart("limit-client-b");
    const c = await buyerWithCart("limit-client-c");
    expect((await place(a, ip)).status).toBe(201);
    expect((await place(b, ip)).status).toBe(201);
    expect((await place(b, ip)).status).toBe(201);
    const refused = await place(c, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await place(c, freshIp())).status).toBe(201);
  });

  it("a malformed checkout stays 422 (validation first, nothing counted against the caller's allowance)", async () => {
    const buyer = await buyerWithCart("limit-invalid");
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await place(buyer, ip, checkoutBody({ contact: {} }))).status).toBe(422);
    expect((await place(buyer, ip)).status).toBe(201);
  });
});

describe("POST /api/user/orders/{orderId}/cancel – CANCELS_PER_HOUR_PER_ACCOUNT and _PER_CLIENT", () => {
  it("an account past its allowance gets 429 with Retry-After; the order stays pending", async () => {
    const buyer = await buyerWithCart("limit-cancel");
    const ip = freshIp();
    const one = await place(buyer, ip);
    expect((await cancel(buyer, ip, one.body.order.id)).status).toBe(200);
    const two = await place(buyer, ip);
    expect(two.status).toBe(201);
    const refused = await cancel(buyer, freshIp(), two.body.order.id, "de");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.message).toBe("Du hast in kurzer Zeit sehr viele Bestellungen storniert. Bitte versuche es später erneut.");
    expect(refused.body.status).toBeUndefined();
  });

  it("one client address past its allowance gets 429 whatever account it uses", async () => {
    const ip = freshIp();
    const buyers = [await buyerWithCart("limit-cc-a"), await buyerWithCart("limit-cc-b"), await buyerWithCart("limit-cc-c")];
    const placed = [];
    for (const b of buyers) placed.push((await place(b, freshIp())).body.order.id);
    expect((await cancel(buyers[0] as Buyer, ip, placed[0] as string)).status).toBe(200);
    expect((await cancel(buyers[1] as Buyer, ip, placed[1] as string)).status).toBe(200);
    const refused = await cancel(buyers[2] as Buyer, ip, placed[2] as string);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("You have cancelled many orders in a short time. Please try again later.");
  });

  it("the guest order link's cancel counts against the client address too", async () => {
    const ip = freshIp();
    const buyers = [await buyerWithCart("limit-link-a"), await buyerWithCart("limit-link-b"), await buyerWithCart("limit-link-c")];
    const placed: string[] = [];
    for (const b of buyers) placed.push((await place(b, freshIp())).body.order.id);
    const viaLink = (orderId: string) => {
      const token = orderLinkToken(orderId);
      return call<ErrorBody>(guestCancelRoute.POST, {
        method: "POST",
        path: `/api/guest/orders/${token}/cancel`,
        params: { token },
        headers: { "x-forwarded-for": ip },
      });
    };
    expect((await viaLink(placed[0] as string)).status).toBe(200);
    expect((await viaLink(placed[1] as string)).status).toBe(200);
    const refused = await viaLink(placed[2] as string);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("You have cancelled many orders in a short time. Please try again later.");
  });
});
