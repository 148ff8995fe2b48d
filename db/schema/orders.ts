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
import { ORDER_EVENT_ACTORS, ORDER_EVENT_TYPES, ORDER_STATUSES, PAYMENT_STATUSES, TAX_TREATMENT_KINDS } from "../order-vocabulary";
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
    unitPriceCents: integer().notNull(),
    earlierUnitPriceCents: integer(),
    promptPriceCents: integer().notNull().default(0),
    vatPercent: numeric({ precision: 6, scale: 3, mode: "number" }).notNull(),
    pricedBasis: text(),
    ...timestamps,
  },
  (t) => [index("cart_items_cart_idx").on(t.cartId), check("cart_items_quantity_range", sql`${t.quantity} BETWEEN 1 AND 99`)],
);

/** A sequence, never max() + 1, so concurrent checkouts never collide. */
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
    shippingVatPercent: numeric({ precision: 6, scale: 3, mode: "number" }),
    taxCents: integer().notNull(),
    /** Items and shipping keep the rate and price actually charged; this says why. */
    taxTreatment: text({ enum: TAX_TREATMENT_KINDS }).notNull().default("domestic"),
    totalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    discountCode: text(),
    /** Client-supplied: a retried "place order" returns the same order. */
    idempotencyKey: text().notNull(),
    locale: text({ enum: ["de", "en"] })
      .notNull()
      .default("de"),
    /** Personalised goods are excluded from withdrawal (§312g Abs. 2 Nr. 1 BGB); null when none. */
    withdrawalWaiverAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    processedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    carrier: text(),
    trackingNumber: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    /** The admin raises it to invalidate every order link out there. */
    linkVersion: integer().notNull().default(1),
    /** The order is kept detached only for the statutory retention of the books (§ 147 AO, § 257 HGB). */
    customerErasedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_number_unique").on(t.orderNumber),
    uniqueIndex("orders_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status),
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
    discountCents: integer().notNull().default(0),
    /** Made to specification: no right of withdrawal. */
    personalised: boolean().notNull().default(false),
  },
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
    /** No foreign key: the order keeps its address whatever happens to the country list. */
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
    providerPaymentId: text(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default("requires_payment"),
    amountCents: integer().notNull(),
    refundedCents: integer().notNull().default(0),
    currency: char({ length: 3 }).notNull().default("EUR"),
    idempotencyKey: text().notNull(),
    failureMessage: text(),
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
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id), index("order_events_type_created_idx").on(t.type, t.createdAt)],
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;

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
    providerRefundId: text(),
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

/** Gapless: the row is locked by the transaction that issues a number. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer().primaryKey(),
  lastNumber: integer().notNull(),
});

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A frozen snapshot that never changes (§14 UStG, GoBD), so orders with invoices are never deleted. */
export const invoices = pgTable(
  "invoices",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text({ enum: INVOICE_KINDS }).notNull(),
    number: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    refersToInvoiceId: integer().references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    refundId: integer().references(() => refunds.id, { onDelete: "restrict" }),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveryDate: date({ mode: "string" }).notNull(),
    currency: char({ length: 3 }).notNull().default("EUR"),
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
    uniqueIndex("invoices_one_invoice_per_order")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index("invoices_order_idx").on(t.orderId),
  ],
);

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

/** Kept by database triggers so the customer list never aggregates all orders. */
export const customerStats = pgTable("customer_stats", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  orders: integer().notNull().default(0),
  spentCents: bigint({ mode: "number" }).notNull().default(0),
  lastOrderAt: timestamp({ withTimezone: true }),
});

/** So that account erasure finds the receipt files. */
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

/** A replayed or duplicated webhook has no second effect. */
export const webhookEvents = pgTable("webhook_events", {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  payload: jsonb(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const ORPHAN_PAYMENT_STATUSES = ["refunding", "refunded", "refund_failed"] as const;

/** Refunded automatically; no personal data, so neither exported nor erased. */
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
