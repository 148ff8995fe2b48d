import "server-only";
import { createHash } from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, type Tx } from "@/db/client";
import { countries, orderAddresses, orderItems, orders } from "@/db/schema";
import { ApiError, pgErrorCode, validationFailed, type MessageKey } from "@/lib/api/errors";
import type { Session } from "@/lib/auth/session";
import type { Locale } from "@/lib/i18n/config";
import { getPaymentProvider, paymentConfig } from "@/lib/integrations/payments";
import type { addressBody, PlaceOrderResponse, placeOrderBody } from "@/lib/schemas/orders";
import { pricedCartForCheckout } from "../cart";
import { loadBundle, toOrderDto, toPaymentDto, type OrderBundle } from "./dto";
import { clientSecretFor, createPaymentAttempt } from "./attempts";

type PlaceOrderInput = z.output<typeof placeOrderBody>;
type AddressInput = z.output<typeof addressBody>;

/** pg_advisory_xact_lock(class, userId): one order placement per user at a time (the seed uses 727001). */
const PLACE_LOCK_CLASS = 727002;

/**
 * The order id is derived from (user, idempotency key): a placement that failed half-way (say, the
 * payment provider timed out after creating the payment) and is retried gets the same order id, so
 * the provider sees the same idempotency key "order:{id}:attempt:1" and creates no second payment.
 * Formatted as an RFC 9562 version-8 (custom) UUID.
 */
export function orderIdFor(userId: number, idempotencyKey: string): string {
  const hex = createHash("sha256").update(`order:${userId}:${idempotencyKey}`).digest("hex").slice(0, 32).split("");
  hex[12] = "8";
  hex[16] = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** Both countries must be in the shop's country list; the answer names the field. */
async function assertKnownCountries(body: PlaceOrderInput): Promise<void> {
  const codes = [body.shippingAddress.countryCode, ...(body.billingAddress ? [body.billingAddress.countryCode] : [])];
  const db = await getDb();
  const known = new Set((await db.select({ code: countries.code }).from(countries).where(inArray(countries.code, codes))).map((c) => c.code));
  const errors: Record<string, MessageKey> = {};
  if (!known.has(body.shippingAddress.countryCode)) errors["shippingAddress.countryCode"] = "validation.countryUnknown";
  if (body.billingAddress && !known.has(body.billingAddress.countryCode)) errors["billingAddress.countryCode"] = "validation.countryUnknown";
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** MM-{year}-{six digits}: the next number of the year. */
async function nextOrderNumber(tx: Tx, year: number): Promise<string> {
  const prefix = `MM-${year}-`;
  const [row] = await tx
    .select({ max: sql<number | null>`max(split_part(${orders.orderNumber}, '-', 3)::int)` })
    .from(orders)
    .where(like(orders.orderNumber, `${prefix}%`));
  return `${prefix}${String(Number(row?.max ?? 0) + 1).padStart(6, "0")}`;
}

async function insertOrderRow(tx: Tx, values: Omit<typeof orders.$inferInsert, "orderNumber">): Promise<void> {
  const year = new Date().getUTCFullYear();
  // Two placements by different users may pick the same next number: the unique index refuses the
  // second, which retries inside a savepoint and sees the committed number.
  for (let attempt = 1; ; attempt++) {
    try {
      await tx.transaction(async (sp) => {
        await sp.insert(orders).values({ ...values, orderNumber: await nextOrderNumber(sp, year) });
      });
      return;
    } catch (err) {
      if (pgErrorCode(err) !== "23505" || attempt >= 5) throw err;
    }
  }
}

const addressRow = (orderId: string, kind: "shipping" | "billing", a: AddressInput) => ({
  orderId,
  kind,
  firstName: a.firstName,
  lastName: a.lastName,
  street1: a.street1,
  street2: a.street2,
  city: a.city,
  postalCode: a.postalCode,
  countryCode: a.countryCode,
});

type Placement = { kind: "existing"; orderId: string } | { kind: "created"; orderId: string; clientSecret: string | null } | { kind: "empty" } | { kind: "changed" };

/**
 * POST /api/user/orders. One transaction: the same (user, idempotency key) returns the order made
 * before (a double click or retry makes one order and one charge); otherwise the cart is re-priced
 * from the catalogue (a change commits the new snapshots and answers 409 so the customer confirms
 * again), the order with item and address snapshots is written with server totals, and the first
 * payment attempt is created through the adapter. The cart is cleared only once a payment succeeds.
 */
export async function placeOrder(session: Session, body: PlaceOrderInput, locale: Locale): Promise<PlaceOrderResponse> {
  const userId = session.user.id;
  const orderId = orderIdFor(userId, body.idempotencyKey);
  const db = await getDb();
  const [existing] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, body.idempotencyKey)));
  if (!existing) await assertKnownCountries(body);
  // Stripe without a publishable key cannot show a payment form: refuse before creating anything (503).
  paymentConfig();
  const provider = getPaymentProvider();

  const placement = await db.transaction(async (tx): Promise<Placement> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PLACE_LOCK_CLASS}, ${userId})`);
    const [again] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, body.idempotencyKey)));
    if (again) return { kind: "existing", orderId: again.id };

    // Names are snapshotted in the language the customer orders in.
    const priced = await pricedCartForCheckout(userId, tx, locale);
    if (priced.lines.length === 0) return { kind: "empty" };
    if (priced.changed) return { kind: "changed" };
    const totals = priced.totals;

    await insertOrderRow(tx, {
      id: orderId,
      userId,
      status: "pending",
      email: body.contact.email,
      firstName: body.contact.firstName,
      lastName: body.contact.lastName,
      phone: body.contact.phone ?? null,
      currency: "EUR",
      subtotalCents: totals.subtotalCents,
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      idempotencyKey: body.idempotencyKey,
    });
    await tx.insert(orderItems).values(
      priced.lines.map((l) => ({
        orderId,
        articleId: l.articleId,
        mugVariantId: l.mugVariantId,
        imageId: l.imageId,
        promptId: l.promptId,
        articleName: l.articleName,
        variantName: l.variantName,
        colour: l.colour,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        vatPercent: l.vatPercent,
        totalCents: l.lineTotalCents,
      })),
    );
    await tx
      .insert(orderAddresses)
      .values([addressRow(orderId, "shipping", body.shippingAddress), addressRow(orderId, "billing", body.billingAddress ?? body.shippingAddress)]);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error("order row missing after insert");
    const { clientSecret } = await createPaymentAttempt(tx, provider, order, 1, locale);
    return { kind: "created", orderId, clientSecret };
  });

  if (placement.kind === "empty") throw new ApiError(422, "errors.cartEmpty");
  if (placement.kind === "changed") throw new ApiError(409, "errors.pricesChanged");
  const bundle = await loadBundle(db, placement.orderId);
  if (!bundle) throw new Error("placed order not found");
  return placementResponse(bundle, locale, placement.kind === "created" ? placement.clientSecret : undefined);
}

async function placementResponse(bundle: OrderBundle, locale: Locale, clientSecret: string | null | undefined): Promise<PlaceOrderResponse> {
  const payment = bundle.payments[bundle.payments.length - 1];
  if (!payment) throw new Error("order without payment");
  const secret = clientSecret !== undefined ? clientSecret : await clientSecretFor(payment);
  return { order: toOrderDto(bundle), payment: toPaymentDto(payment, locale, secret) };
}
