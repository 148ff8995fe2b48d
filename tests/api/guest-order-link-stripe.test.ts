import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as orderRoute from "@/app/api/guest/orders/[token]/route";
import * as invoiceRoute from "@/app/api/guest/orders/[token]/invoice/route";
import { orderLinkToken } from "@/lib/security/order-link";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import { call } from "../helpers/api";
import type { ErrorBody } from "../helpers/orders";
import { fakeStripeForFile, stripeOrder } from "../helpers/stripe-webhooks";

const stripe = fakeStripeForFile("shop-test-guest-link-stripe-");
const headers = () => ({ "x-forwarded-for": `203.0.${randomInt(256)}.${randomInt(1, 250)}` });

describe("guest order routes never call the payment provider", () => {
  it("opening a Stripe order's link (an unpaid PaymentIntent out there) sends nothing to Stripe", async () => {
    const { order } = await stripeOrder(stripe());
    const token = orderLinkToken(order.id);
    const before = stripe().requests.length;
    for (let i = 0; i < 3; i++) {
      const res = await call<GuestOrderDto & ErrorBody>(orderRoute.GET, {
        path: `/api/guest/orders/${token}`,
        params: { token },
        headers: headers(),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ id: order.id, paymentStatus: "unpaid" });
    }
    const invoice = await call<ErrorBody>(invoiceRoute.GET, {
      path: `/api/guest/orders/${token}/invoice`,
      params: { token },
      headers: headers(),
    });
    expect(invoice.status).toBe(409);
    expect(stripe().requests.slice(before)).toEqual([]);
  });
});
