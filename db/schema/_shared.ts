import { text, timestamp } from "drizzle-orm/pg-core";

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const ADDRESS_KINDS = ["shipping", "billing"] as const;

export function postalAddressColumns() {
  return {
    kind: text({ enum: ADDRESS_KINDS }).notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    street1: text().notNull(),
    street2: text(),
    city: text().notNull(),
    postalCode: text().notNull(),
  };
}
