import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./_shared";

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    kind: text({ enum: DISCOUNT_KINDS }).notNull(),
    percent: integer(),
    amountCents: integer(),
    validFrom: timestamp({ withTimezone: true }),
    validTo: timestamp({ withTimezone: true }),
    minOrderCents: integer().notNull().default(0),
    maxUses: integer(),
    maxUsesPerCustomer: integer(),
    /** Changed only with the row locked. */
    usedCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("discount_codes_code_unique").on(sql`lower(${t.code})`),
    check(
      "discount_codes_kind_value",
      sql`(${t.kind} = 'percent' AND ${t.percent} BETWEEN 1 AND 100 AND ${t.amountCents} IS NULL) OR (${t.kind} = 'fixed' AND ${t.amountCents} > 0 AND ${t.percent} IS NULL)`,
    ),
    check("discount_codes_used_count", sql`${t.usedCount} >= 0`),
    check("discount_codes_limits", sql`coalesce(${t.maxUses}, 1) > 0 AND coalesce(${t.maxUsesPerCustomer}, 1) > 0`),
  ],
);

export type DiscountCode = typeof discountCodes.$inferSelect;
