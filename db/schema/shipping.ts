import { sql } from "drizzle-orm";
import { char, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { countries } from "./users";

/** The shop sells to a country only while a zone lists it; with no zone saved the defaults in lib/domain/shipping stand in. */
export const shippingZones = pgTable(
  "shipping_zones",
  {
    id: serial().primaryKey(),
    position: integer().notNull(),
    name: text().notNull(),
    priceCents: integer().notNull(),
    extraItemCents: integer().notNull().default(0),
    freeFromCents: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipping_zones_name_unique").on(t.name),
    check(
      "shipping_zones_cents",
      sql`${t.priceCents} >= 0 and ${t.extraItemCents} >= 0 and (${t.freeFromCents} is null or ${t.freeFromCents} >= 0)`,
    ),
  ],
);

/** The country is the key: a country belongs to one zone at most. */
export const shippingZoneCountries = pgTable("shipping_zone_countries", {
  countryCode: char({ length: 2 })
    .primaryKey()
    .references(() => countries.code),
  zoneId: integer()
    .notNull()
    .references(() => shippingZones.id, { onDelete: "cascade" }),
});

export type ShippingZoneRow = typeof shippingZones.$inferSelect;
