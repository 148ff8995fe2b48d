import "server-only";
import { and, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, type Db, type Tx } from "@/db/client";
import { countries, orderAddresses, orderItems, orders, payments, type Order, type Payment } from "@/db/schema";
import { ApiError, validationFailed, type MessageKey } from "@/lib/errors";
import type { Viewer } from "@/lib/request-context/viewer";
import type { Locale } from "@/lib/i18n/config";
import { paymentConfig } from "@/lib/integrations/payments";
import { berlinYear } from "@/lib/domain/berlin-time";
import { postalAddress } from "@/lib/domain/postal-address";
import { shippingVatPercentFor, type Destination, type OrderTotals, type TotalsLine } from "@/lib/domain/pricing";
import type { DiscountCode } from "@/db/schema";
import type { addressBody, PlaceOrderResponse, placeOrderBody } from "@/lib/schemas/orders";
import { pricedCartForCheckout, type CheckoutLine } from "../cart";
import { checkoutDiscount } from "../discounts/checkout";
import { destinationOf, listShippingZones, readZones } from "../shipping";
import { getTaxSettings } from "../tax-settings";
import { customerOf, redeem, releaseRedemption } from "../discounts/uses";
import { cancelAttempt, insertCreatingAttempt, isOpen, readyAttempt, type AttemptMode } from "./attempts";
import { loadBundle, toOrderDtos, toPaymentDto } from "./core/dto";
import { recordEvent } from "./core/events";
import { expireUnpaidOrders } from "./expiry";
import { lockedPayments } from "./core/locks";
import { limitOrderAction } from "./order-limits";
import { MONEY_MOVED } from "@/lib/domain/order-flow";

type PlaceOrderInput = z.output<typeof placeOrderBody>;
type AddressInput = z.output<typeof addressBody>;

const PLACE_LOCK_CLASS = 727002;
const SHIP_TO_FIELD = "shippingAddress.countryCode";

/** The bill may go to any country the shop knows; the goods only to one a shipping zone lists. */
async function assertKnownCountries(db: Db, body: PlaceOrderInput): Promise<void> {
  const codes = [body.shippingAddress.countryCode, ...(body.billingAddress ? [body.billingAddress.countryCode] : [])];
  const known = new Set(
    (await db.select({ code: countries.code }).from(countries).where(inArray(countries.code, codes))).map((c) => c.code),
  );
  const errors: Record<string, MessageKey> = {};
  if (!known.has(body.shippingAddress.countryCode)) errors["shippingAddress.countryCode"] = "validation.countryUnknown";
  if (body.billingAddress && !known.has(body.billingAddress.countryCode))
    errors["billingAddress.countryCode"] = "validation.countryUnknown";
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** Read inside the transaction, not from the cache: the order is charged by the zones and tax settings as saved. */
async function destinationInTx(tx: Tx, body: PlaceOrderInput): Promise<Destination> {
  const [{ zones }, tax] = await Promise.all([readZones(tx), getTaxSettings(tx)]);
  return destinationOf(zones, body.shippingAddress.countryCode, SHIP_TO_FIELD, tax);
}

const nextOrderNumber = (now: Date) =>
  sql<string>`(select 'MM-' || ${berlinYear(now)} || '-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('order_number_seq') as n)`;

const addressRow = (orderId: string, kind: "shipping" | "billing", a: AddressInput) => ({ orderId, kind, ...postalAddress(a) });

function orderColumns(
  body: PlaceOrderInput,
  totals: OrderTotals,
  code: DiscountCode | null,
  destination: Destination,
  shopShippingVatPercent: number,
  locale: Locale,
  waiverAt: Date | null,
) {
  return {
    email: body.contact.email,
    firstName: body.contact.firstName,
    lastName: body.contact.lastName,
    phone: body.contact.phone ?? null,
    subtotalCents: totals.subtotalCents,
    shippingCents: totals.shippingCents,
    shippingVatPercent: shippingVatPercentFor(destination, shopShippingVatPercent),
    taxCents: totals.taxCents,
    taxTreatment: destination.tax.kind,
    totalCents: totals.totalCents,
    discountCents: totals.discountCents,
    discountCode: code && totals.discountCents > 0 ? code.code : null,
    idempotencyKey: body.idempotencyKey,
    locale,
    withdrawalWaiverAt: waiverAt,
  };
}

async function writeContents(
  tx: Tx,
  orderId: string,
  lines: CheckoutLine[],
  charged: { lines: readonly TotalsLine[]; lineDiscountCents: readonly number[] },
  body: PlaceOrderInput,
): Promise<void> {
  const { lineDiscountCents } = charged;
  await tx.insert(orderItems).values(
    lines.map((l, i) => ({
      orderId,
      articleId: l.articleId,
      mugVariantId: l.mugVariantId,
      imageId: l.imageId,
      promptId: l.promptId,
      articleName: l.articleName,
      variantName: l.variantName,
      colour: l.colour,
      quantity: l.quantity,
      // What the destination was charged: the net price of an export, the destination's rate under OSS.
      ...chargedPrice(l, charged.lines[i]),
      discountCents: lineDiscountCents[i] ?? 0,
      // Printed with the customer's design: made to specification, no right of withdrawal.
      personalised: l.imageId !== null,
    })),
  );
  await tx
    .insert(orderAddresses)
    .values([
      addressRow(orderId, "shipping", body.shippingAddress),
      addressRow(orderId, "billing", body.billingAddress ?? body.shippingAddress),
    ]);
}

function chargedPrice(line: CheckoutLine, charged: TotalsLine | undefined) {
  const unitPriceCents = charged?.unitPriceCents ?? line.unitPriceCents;
  return { unitPriceCents, vatPercent: charged?.vatPercent ?? line.vatPercent, totalCents: unitPriceCents * line.quantity };
}

async function reusableOrder(tx: Tx, userId: number): Promise<{ order: Order; attempts: Payment[] } | null> {
  const moneyMoved = tx
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), inArray(payments.status, [...MONEY_MOVED])));
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending"), notExists(moneyMoved)))
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .for("update");
  if (!order || order.status !== "pending") return null;
  const attempts = await lockedPayments(tx, order.id);
  if (attempts.some((p) => MONEY_MOVED.includes(p.status))) return null;
  return { order, attempts };
}

type Placement =
  | { kind: "existing" | "created" | "reused"; orderId: string }
  | { kind: "cancelFirst"; payment: Payment }
  | { kind: "empty" | "changed" | "waiverMissing" };

async function placeInTx(tx: Tx, session: Viewer, body: PlaceOrderInput, locale: Locale): Promise<Placement> {
  const userId = session.user.id;
  await tx.execute(sql`select pg_advisory_xact_lock(${PLACE_LOCK_CLASS}, ${userId})`);
  const [again] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, body.idempotencyKey)));
  if (again) return { kind: "existing", orderId: again.id };

  const priced = await pricedCartForCheckout(userId, tx, locale);
  if (priced.lines.length === 0) return { kind: "empty" };
  const destination = await destinationInTx(tx, body);
  if (priced.changed) return { kind: "changed" };
  const personalised = priced.lines.some((l) => l.imageId !== null);
  if (personalised && !body.acceptWithdrawalWaiver) return { kind: "waiverMissing" };
  const now = new Date();
  const by = { actor: "customer" as const, userId };

  const open = await reusableOrder(tx, userId);
  // The contact email proves nothing (anybody may type it); the account, its verified email and the address do.
  const customer = await customerOf(tx, userId, body.shippingAddress);
  const discount = await checkoutDiscount(tx, {
    customer,
    lines: priced.lines,
    destination,
    shippingVatPercent: priced.shippingVatPercent,
    reusedOrderId: open?.order.id ?? null,
  });
  if (discount.kind === "dropped") return { kind: "changed" };
  const { totals, lineDiscountCents, chargedLines } = discount;
  const charged = { lines: chargedLines, lineDiscountCents };
  const columns = orderColumns(body, totals, discount.code, destination, priced.shippingVatPercent, locale, personalised ? now : null);
  // Counted here, with the code row locked: the order placed again gives its earlier use back first.
  const countUse = async (orderId: string) => {
    if (discount.code && totals.discountCents > 0)
      await redeem(tx, { codeId: discount.code.id, orderId, amountCents: totals.discountCents });
  };

  if (open) {
    const { order, attempts } = open;
    const repriced = order.totalCents !== totals.totalCents;
    const live = attempts.find((p) => isOpen(p) || p.status === "creating");
    if (repriced && live) return { kind: "cancelFirst", payment: live };
    await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
    await tx.delete(orderAddresses).where(eq(orderAddresses.orderId, order.id));
    await writeContents(tx, order.id, priced.lines, charged, body);
    await tx.update(orders).set(columns).where(eq(orders.id, order.id));
    await releaseRedemption(tx, order.id);
    await countUse(order.id);
    if (repriced) {
      const data = { fromTotalCents: order.totalCents, toTotalCents: totals.totalCents, lines: priced.lines.length };
      await recordEvent(tx, { orderId: order.id, type: "repriced", by, data });
    }
    return { kind: "reused", orderId: order.id };
  }

  const [order] = await tx
    .insert(orders)
    .values({ userId, status: "pending", currency: "EUR", orderNumber: nextOrderNumber(now), ...columns })
    .returning();
  if (!order) throw new Error("orders insert returned no row");
  const orderId = order.id;
  await writeContents(tx, orderId, priced.lines, charged, body);
  await countUse(orderId);
  await recordEvent(tx, {
    orderId,
    type: "placed",
    by,
    to: "pending",
    data: {
      totalCents: order.totalCents,
      orderNumber: order.orderNumber,
      ...(order.discountCode ? { discountCode: order.discountCode, discountCents: order.discountCents } : {}),
    },
  });
  await insertCreatingAttempt(tx, order, 1);
  return { kind: "created", orderId };
}

/** The same (user, idempotency key) answers the earlier order, so a double click makes one charge. */
export async function placeOrder(session: Viewer, body: PlaceOrderInput, locale: Locale, clientIp?: string): Promise<PlaceOrderResponse> {
  const userId = session.user.id;
  paymentConfig();
  await expireUnpaidOrders(new Date(), { userId });
  const db = await getDb();
  const [known] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, body.idempotencyKey)));
  if (known) return answer(known.id, locale, "replay");
  await limitOrderAction("place", { userId, clientIp });
  await assertKnownCountries(db, body);
  // Refused before the transaction too, so an unlisted country is told apart from an empty cart.
  destinationOf(await listShippingZones(), body.shippingAddress.countryCode, SHIP_TO_FIELD, { ossEnabled: false });

  for (let round = 0; round < 4; round++) {
    const placement = await db.transaction((tx) => placeInTx(tx, session, body, locale));
    switch (placement.kind) {
      case "empty":
        throw new ApiError(422, "errors.cartEmpty");
      case "changed":
        throw new ApiError(409, "errors.pricesChanged");
      case "waiverMissing":
        throw validationFailed({ acceptWithdrawalWaiver: "validation.withdrawalWaiverRequired" });
      case "cancelFirst":
        await cancelAttempt(placement.payment, locale);
        continue;
      case "existing":
        return answer(placement.orderId, locale, "replay");
      case "created":
      case "reused":
        return answer(placement.orderId, locale, "fresh");
    }
  }
  throw new ApiError(409, "errors.orderChangedConcurrently");
}

async function answer(orderId: string, locale: Locale, mode: AttemptMode): Promise<PlaceOrderResponse> {
  const { payment, clientSecret } = await readyAttempt(orderId, locale, mode);
  const db = await getDb();
  const bundle = await loadBundle(db, orderId);
  if (!bundle) throw new Error("placed order not found");
  const [order] = await toOrderDtos(db, [bundle], locale);
  if (!order) throw new Error("placed order not found");
  return { order, payment: toPaymentDto(payment, locale, clientSecret) };
}
