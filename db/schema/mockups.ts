import { check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { timestamps } from "./_shared";
import { mugVariants } from "./catalog";
import { images } from "./media";

export const MOCKUP_STATUSES = ["pending", "ready", "failed"] as const;
export type MockupStatus = (typeof MOCKUP_STATUSES)[number];

/** Lives as long as the design: deleting the design's files deletes these rows. */
export const mugMockups = pgTable(
  "mug_mockups",
  {
    id: serial().primaryKey(),
    /** Null once the design is deleted: the row waits for its files to go. */
    imageId: integer().references(() => images.id, { onDelete: "set null" }),
    imageStorageKey: text().notNull(),
    mugVariantId: integer().references(() => mugVariants.id, { onDelete: "set null" }),
    fingerprint: text().notNull(),
    status: text({ enum: MOCKUP_STATUSES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    error: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("mug_mockups_image_variant_unique").on(t.imageId, t.mugVariantId),
    index("mug_mockups_storage_key_idx").on(t.imageStorageKey),
    index("mug_mockups_status_idx").on(t.status, t.updatedAt),
    check("mug_mockups_attempts", sql`${t.attempts} >= 0`),
  ],
);

export type MugMockup = typeof mugMockups.$inferSelect;
