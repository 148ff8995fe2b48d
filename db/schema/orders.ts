import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ORDER_EVENT_ACTORS, ORDER_EVENT_TYPES, ORDER_STATUSES, PAYMENT_STATUSES } from "../order-vocabulary";
import { postalAddressColumns, timestamps } from "./_shared";
import { users } from "./users";
import { articles, mugVariants, shirtVariants } from "./catalog";
import { images } from "./media";
import { prompts } from "./prompts";
import { discountCodes } from "./discounts";

export * from "../order-vocabulary";

export const carts = pgTable(
  "carts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The code the customer entered (checked again at checkout). */
    discountCodeId: integer().references(() => discountCodes.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("carts_user_unique").on(t.userId)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial().primaryKey(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    mugVariantId: integer().references(() => mugVariants.id, { onDelete: "cascade" }),
    shirtVariantId: integer().references(() => shirtVariants.id, { onDelete: "cascade" }),
    imageId: integer().references(() => images.id, { onDelete: "set null" }),
    promptId: integer().references(() => prompts.id, { onDelete: "set null" }),
    quantity: integer().notNull(),
    /** Gross unit price in cents when the item was added (the snapshot). */
    unitPriceCents: integer().notNull(),
    /** The snapshot before the last detected catalogue change, if any. */
    earlierUnitPriceCents: integer(),
    promptPriceCents: integer().notNull().default(0),
    vatPercent: numeric({ precision: 6, scale: 3, mode: "number" }).notNull(),
    /** Fingerprint of the catalogue rows the snapshot was checked against (cart/price-basis.ts): a match needs no re-pricing. */
    pricedBasis: text(),
    ...timestamps,
  },
  (t) => [index("cart_items_cart_idx").on(t.cartId), check("cart_items_quantity_range", sql`${t.quantity} BETWEEN 1 AND 99`)],
);

/** Order numbers MM-{year}-{nextval}: a sequence, never max() + 1 (concurrent checkouts never collide). */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1, increment: 1 });

export const orders = pgTable(
  "orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderNumber: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    status: text({ enum: ORDER_STATUSES }).notNull().default("pending"),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    currency: char({ length: 3 }).notNull().default("EUR"),
    subtotalCents: integer().notNull(),
    shippingCents: integer().notNull(),
    /** The VAT rate shipping was charged at (the default rate when the order was priced); null on orders from before it was stored. */
    shippingVatPercent: numeric({ precision: 6, scale: 3, mode: "number" }),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    /** Gross cents the discount code took off the goods (subtotal is before it, total after it). */
    discountCents: integer().notNull().default(0),
    /** The code as the customer entered it, kept with the order. */
    discountCode: text(),
    /** Client-supplied key: a retried "place order" returns the same order. */
    idempotencyKey: text().notNull(),
    /** Language the order was placed in: mails and documents for the customer use it. */
    locale: text({ enum: ["de", "en"] })
      .notNull()
      .default("de"),
    /** When the customer confirmed at checkout that personalised goods are excluded from withdrawal (§312g Abs. 2 Nr. 1 BGB); null when nothing was personalised. */
    withdrawalWaiverAt: timestamp({ withTimezone: true }),
    /** When the payment succeeded (the "paid" event's time); the dashboard counts sales by it. */
    paidAt: timestamp({ withTimezone: true }),
    /** Set when the admin starts production (Process Order). */
    processedAt: timestamp({ withTimezone: true }),
    /** Mark as Completed: shipped; completedAt is set at the same moment (spec: completed = shipped). */
    shippedAt: timestamp({ withTimezone: true }),
    carrier: text(),
    trackingNumber: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    /** Signed into every order link (lib/security/order-link.ts); the admin raises it to make every link out there invalid. */
    linkVersion: integer().notNull().default(1),
    /**
     * Set when the customer erased their account: the order is kept (detached, userId null) only for
     * the statutory retention of the books, 10 years (§ 147 AO, § 257 HGB).
     */
    customerErasedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_number_unique").on(t.orderNumber),
    uniqueIndex("orders_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status),
    /** The back office's lists and exports page through orders by time. */
    index("orders_created_idx").on(t.createdAt, t.orderNumber),
    index("orders_paid_idx").on(t.paidAt),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    articleId: integer().references(() => articles.id, { onDelete: "set null" }),
    mugVariantId: integer().references(() => mugVariants.id, { onDelete: "set null" }),
    shirtVariantId: integer().references(() => shirtVariants.id, { onDelete: "set null" }),
    imageId: integer().references(() => images.id, { onDelete: "set null" }),
    promptId: integer().references(() => prompts.id, { onDelete: "set null" }),
    articleName: text().notNull(),
    variantName: text(),
    colour: text(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    vatPercent: numeric({ precision: 6, scale: 3, mode: "number" }).notNull(),
    totalCents: integer().notNull(),
    /** This line's share of the order's discount, gross cents (totalCents is before it). */
    discountCents: integer().notNull().default(0),
    /** Printed with the customer's design (an image): made to specification, no right of withdrawal. */
    personalised: boolean().notNull().default(false),
  },
  // By image: whether a picture is on an order (retention, staff access to order pictures).
  (t) => [index("order_items_order_idx").on(t.orderId), index("order_items_image_idx").on(t.imageId)],
);

export const orderAddresses = pgTable(
  "order_addresses",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    ...postalAddressColumns(),
    // A snapshot: no foreign key, so the order keeps its address whatever happens to the country list.
    countryCode: char({ length: 2 }).notNull(),
  },
  (t) => [uniqueIndex("order_addresses_order_kind_unique").on(t.orderId, t.kind)],
);

export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text({ enum: ["stripe", "sandbox"] }).notNull(),
    /** Null while the attempt is "creating" (the provider has not answered yet). */
    providerPaymentId: text(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default("requires_payment"),
    amountCents: integer().notNull(),
    /** Sum of succeeded refunds of this payment (never more than amountCents). */
    refundedCents: integer().notNull().default(0),
    currency: char({ length: 3 }).notNull().default("EUR"),
    idempotencyKey: text().notNull(),
    failureMessage: text(),
    /** When a customer's read last asked the provider about this payment: at most once per 30 s. */
    providerCheckedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payments_provider_id_unique").on(t.provider, t.providerPaymentId),
    uniqueIndex("payments_idempotency_unique").on(t.idempotencyKey),
    index("payments_order_idx").on(t.orderId),
    check("payments_refunded_range", sql`${t.refundedCents} BETWEEN 0 AND ${t.amountCents}`),
  ],
);

/** The order's timeline: every change (who, when, from, to, note). Written in the transaction of the change. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text({ enum: ORDER_EVENT_TYPES }).notNull(),
    fromStatus: text({ enum: ORDER_STATUSES }),
    toStatus: text({ enum: ORDER_STATUSES }),
    actor: text({ enum: ORDER_EVENT_ACTORS }).notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    note: text(),
    /** Facts of the event: amounts, payment/refund/invoice ids, provider event id, carrier, … */
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.id),
    /** The dashboard: payments, disputes and mismatches by time. */
    index("order_events_type_created_idx").on(t.type, t.createdAt),
  ],
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;

/** Money given back: by an admin (full or partial), on a cancellation, for a duplicate payment, or announced by the provider. */
export const refunds = pgTable(
  "refunds",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    currency: char({ length: 3 }).notNull().default("EUR"),
    reason: text().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default("pending"),
    /** The provider's refund id (Stripe re_…, sandbox sbx_re_…); unique per provider refund. */
    providerRefundId: text(),
    /** Ours: a retried request refunds once. */
    idempotencyKey: text().notNull(),
    source: text({ enum: ORDER_EVENT_ACTORS }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("refunds_idempotency_unique").on(t.idempotencyKey),
    uniqueIndex("refunds_provider_id_unique").on(t.providerRefundId),
    index("refunds_order_idx").on(t.orderId),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/** Gapless invoice numbers per year: the row is locked by the transaction that issues a number. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer().primaryKey(),
  lastNumber: integer().notNull(),
});

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * Invoices and credit notes (§14 UStG). The row is the document: content is a frozen snapshot
 * (seller, buyer, lines, VAT per rate) written once in the transaction that issues the number; the
 * PDF is rendered from it once and stored under pdfKey. Neither ever changes afterwards (GoBD), so
 * orders with invoices are never deleted (restrict).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text({ enum: INVOICE_KINDS }).notNull(),
    /** RE-2026-000001; credit notes share the sequence. */
    number: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    /** A credit note refers to the invoice it corrects. */
    refersToInvoiceId: integer().references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    refundId: integer().references(() => refunds.id, { onDelete: "restrict" }),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveryDate: date({ mode: "string" }).notNull(),
    currency: char({ length: 3 }).notNull().default("EUR"),
    /** Positive amounts; a credit note's amounts are what is credited. */
    netCents: integer().notNull(),
    taxCents: integer().notNull(),
    grossCents: integer().notNull(),
    content: jsonb().notNull(),
    pdfKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number_unique").on(t.number),
    uniqueIndex("invoices_year_sequence_unique").on(t.year, t.sequence),
    /** At most one invoice per order (credit notes may be many). */
    uniqueIndex("invoices_one_invoice_per_order")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index("invoices_order_idx").on(t.orderId),
  ],
);

/** One per order that carries a code: the use counted against the code's limits (kept with the order's books). */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: serial().primaryKey(),
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "restrict" }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("discount_redemptions_order_unique").on(t.orderId), index("discount_redemptions_code_idx").on(t.discountCodeId)],
);

/**
 * Per account: orders, spent (paid orders' totals minus succeeded refunds) and the last order, kept by
 * database triggers on orders and refunds so the customer list never aggregates all orders. Goes with the account.
 */
export const customerStats = pgTable("customer_stats", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  orders: integer().notNull().default(0),
  spentCents: bigint({ mode: "number" }).notNull().default(0),
  lastOrderAt: timestamp({ withTimezone: true }),
});

/**
 * The receipt PDFs kept in storage (lib/services/orders/receipt-file.ts), so that account erasure finds
 * their files. The rows hold no personal data (the files do) and go with their order.
 */
export const receiptFiles = pgTable(
  "receipt_files",
  {
    key: text().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("receipt_files_order_idx").on(t.orderId)],
);

/** Each provider event is handled once: a replayed or duplicated webhook has no second effect. */
export const webhookEvents = pgTable("webhook_events", {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  payload: jsonb(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const ORPHAN_PAYMENT_STATUSES = ["refunding", "refunded", "refund_failed"] as const;

/**
 * Money the provider took for a payment the shop no longer knows (its order was dropped meanwhile): it
 * is refunded automatically and shown under "needs action". No personal data (the provider's payment id,
 * amount and refund only), so it is neither exported nor erased; kept like the payments for the books.
 */
export const orphanPayments = pgTable("orphan_payments", {
  id: serial().primaryKey(),
  provider: text({ enum: ["stripe", "sandbox"] }).notNull(),
  providerPaymentId: text().notNull().unique(),
  amountCents: integer().notNull(),
  currency: char({ length: 3 }).notNull(),
  status: text({ enum: ORPHAN_PAYMENT_STATUSES }).notNull().default("refunding"),
  providerRefundId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  refundedAt: timestamp({ withTimezone: true }),
});

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type OrderEvent = typeof orderEvents.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type DiscountRedemption = typeof discountRedemptions.$inferSelect;
