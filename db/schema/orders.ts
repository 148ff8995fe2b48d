import { sql } from "drizzle-orm";
import {
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { postalAddressColumns, timestamps } from "./_shared";
import { users } from "./users";
import { articles, mugVariants, shirtVariants } from "./catalog";
import { images } from "./media";
import { prompts } from "./prompts";

export const carts = pgTable(
  "carts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    ...timestamps,
  },
  (t) => [
    index("cart_items_cart_idx").on(t.cartId),
    check("cart_items_quantity_range", sql`${t.quantity} BETWEEN 1 AND 99`),
  ],
);

export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    /** Client-supplied key: a retried "place order" returns the same order. */
    idempotencyKey: text().notNull(),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_number_unique").on(t.orderNumber),
    uniqueIndex("orders_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status),
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
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
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

export const PAYMENT_STATUSES = [
  "requires_payment",
  "requires_action",
  "processing",
  "succeeded",
  "failed",
  "refunded",
  "cancelled",
] as const;

export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text({ enum: ["stripe", "sandbox"] }).notNull(),
    providerPaymentId: text().notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default("requires_payment"),
    amountCents: integer().notNull(),
    currency: char({ length: 3 }).notNull().default("EUR"),
    idempotencyKey: text().notNull(),
    failureMessage: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payments_provider_id_unique").on(t.provider, t.providerPaymentId),
    uniqueIndex("payments_idempotency_unique").on(t.idempotencyKey),
    index("payments_order_idx").on(t.orderId),
  ],
);

/** Each provider event is handled once: a replayed or duplicated webhook has no second effect. */
export const webhookEvents = pgTable("webhook_events", {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  payload: jsonb(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Payment = typeof payments.$inferSelect;
