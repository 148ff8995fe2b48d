import { beforeAll, expect } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import * as cancelRoute from "@/app/api/admin/orders/[orderId]/cancel/route";
import * as completeRoute from "@/app/api/admin/orders/[orderId]/complete/route";
import * as deliverRoute from "@/app/api/admin/orders/[orderId]/deliver/route";
import * as processRoute from "@/app/api/admin/orders/[orderId]/process/route";
import * as refundRoute from "@/app/api/admin/orders/[orderId]/refund/route";
import * as resendRoute from "@/app/api/admin/orders/[orderId]/resend-receipt/route";
import { getDb } from "@/db/client";
import { orderEvents, orders, outgoingMail, payments, refunds, type OrderStatus } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { call, cookieFor, type Role } from "./api";
import { card, CARDS, checkoutBody, newCustomer, paySandbox, placedOrder, userIdOf, type ErrorBody, type Lang } from "./orders";
import { TEST_USERS, tempDir } from "./test-db";

export const ANY_UUID = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";
export const STRIPE_ENV = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
];

export let adminId: number;

export function setupOrderActionFixtures(): void {
  beforeAll(async () => {
    process.env.DATA_DIR = tempDir("shop-test-admin-order-actions-");
    for (const key of [...STRIPE_ENV, "SMTP_URL"]) delete process.env[key];
    resetEnvCache();
    adminId = await userIdOf(TEST_USERS.admin.email);
  });
}

const ROUTES = {
  process: processRoute.POST,
  complete: completeRoute.POST,
  deliver: deliverRoute.POST,
  cancel: cancelRoute.POST,
  refund: refundRoute.POST,
  "resend-receipt": resendRoute.POST,
} as const;
export type Action = keyof typeof ROUTES;
type Detail = AdminOrderDetail & ErrorBody;

export async function admin<T = Detail>(action: Action, orderId: string, body?: unknown, who: Role = "admin") {
  return call<T & ErrorBody>(ROUTES[action], {
    method: "POST",
    path: `/api/admin/orders/${orderId}/${action}`,
    params: { orderId },
    body,
    cookie: await cookieFor(who),
  });
}

type Buyer = Awaited<ReturnType<typeof newCustomer>>;

export async function order(
  opts: { paid?: boolean; lang?: Lang } = {},
): Promise<{ id: string; orderNumber: string; totalCents: number; buyer: Buyer }> {
  const lang = opts.lang ?? "en";
  const buyer = await newCustomer();
  const { order: placed } = await placedOrder(buyer, buyer.id, { lang, body: checkoutBody({ acceptWithdrawalWaiver: true }) });
  if (opts.paid !== false) {
    const paid = await paySandbox(placed.id, card(CARDS.ok), buyer, lang);
    expect(paid.body.status, JSON.stringify(paid.body)).toBe("succeeded");
  }
  return { id: placed.id, orderNumber: placed.orderNumber, totalCents: placed.totalCents, buyer };
}

export async function paidOrderIn(status: OrderStatus) {
  const o = await order();
  if (status !== "pending") await (await getDb()).update(orders).set({ status }).where(eq(orders.id, o.id));
  return o;
}

export async function orderRow(orderId: string) {
  const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error("order exists");
  return row;
}
export const paymentRows = async (orderId: string) =>
  (await getDb()).select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
export const refundRows = async (orderId: string) =>
  (await getDb()).select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
export const eventsOf = async (orderId: string) =>
  (await getDb()).select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
export const mailsOf = async (orderId: string, kind?: "receipt" | "shipped" | "cancelled" | "refunded") =>
  (await getDb())
    .select()
    .from(outgoingMail)
    .where(kind ? and(eq(outgoingMail.orderId, orderId), eq(outgoingMail.kind, kind)) : eq(outgoingMail.orderId, orderId))
    .orderBy(asc(outgoingMail.id));

export async function snapshot(orderId: string) {
  const { updatedAt: _o, ...o } = await orderRow(orderId);
  const p = (await paymentRows(orderId)).map(({ updatedAt: _u, ...rest }) => rest);
  return {
    order: o,
    payments: p,
    refunds: await refundRows(orderId),
    events: (await eventsOf(orderId)).length,
    mails: (await mailsOf(orderId)).length,
  };
}

export const transitionRefused = (from: string) => `This order cannot be changed this way while it is ${from}.`;
export const BODIES: Record<Action, unknown> = {
  process: undefined,
  complete: { carrier: "DHL", trackingNumber: "00340434161234567890" },
  deliver: undefined,
  cancel: { reason: "Customer asked by phone" },
  refund: { reason: "Goodwill" },
  "resend-receipt": undefined,
};
