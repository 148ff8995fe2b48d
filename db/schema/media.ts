import { type AnyPgColumn, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";
import { aiModels, prompts } from "./prompts";

export const IMAGE_TYPES = ["UPLOADED", "GENERATED", "EDITED", "CATALOGUE"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const images = pgTable(
  "images",
  {
    id: serial().primaryKey(),
    ownerId: integer().references(() => users.id, { onDelete: "cascade" }),
    /** Capability for an anonymous visitor's image: served only with this key. */
    accessKey: text(),
    type: text({ enum: IMAGE_TYPES }).notNull(),
    storageKey: text().notNull(),
    mimeType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    sizeBytes: integer().notNull(),
    cropX: integer(),
    cropY: integer(),
    cropWidth: integer(),
    cropHeight: integer(),
    sourceImageId: integer(),
    promptId: integer().references((): AnyPgColumn => prompts.id, { onDelete: "set null" }),
    generationId: integer(),
    /** Keyed hash of the client network, so edit storage is capped per network too. */
    clientNetwork: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("images_storage_key_unique").on(t.storageKey),
    index("images_client_network_idx")
      .on(t.clientNetwork, t.sizeBytes)
      .where(sql`${t.clientNetwork} IS NOT NULL`),
    index("images_edited_size_idx")
      .on(t.sizeBytes)
      .where(sql`${t.type} = 'EDITED'`),
    uniqueIndex("images_access_key_unique")
      .on(t.accessKey)
      .where(sql`${t.accessKey} IS NOT NULL`),
    index("images_owner_idx").on(t.ownerId, t.createdAt),
    check(
      "images_owner_rules",
      sql`(${t.type} = 'CATALOGUE' AND ${t.ownerId} IS NULL AND ${t.accessKey} IS NULL) OR (${t.type} <> 'CATALOGUE' AND (${t.ownerId} IS NOT NULL OR ${t.accessKey} IS NOT NULL))`,
    ),
  ],
);

export const GENERATION_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;

export const generations = pgTable(
  "generations",
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    promptId: integer().references(() => prompts.id, { onDelete: "set null" }),
    aiModelId: integer().references(() => aiModels.id, { onDelete: "set null" }),
    provider: text().notNull(),
    model: text().notNull(),
    sourceImageId: integer().references(() => images.id, { onDelete: "set null" }),
    promptText: text().notNull(),
    settings: jsonb().$type<Record<string, unknown>>(),
    status: text({ enum: GENERATION_STATUSES }).notNull().default("PENDING"),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    durationMs: integer(),
    costMicroCents: integer(),
    errorMessage: text(),
    testRunId: integer().references((): AnyPgColumn => aiTestRuns.id, { onDelete: "set null" }),
    /** So a reloaded editor reattaches instead of starting again. */
    clientJobId: uuid(),
  },
  (t) => [
    index("generations_user_idx").on(t.userId, t.startedAt),
    index("generations_test_run_idx").on(t.testRunId),
    index("generations_started_idx").on(t.startedAt),
    uniqueIndex("generations_client_job_unique").on(t.clientJobId),
  ],
);

export const aiTestRuns = pgTable(
  "ai_test_runs",
  {
    id: serial().primaryKey(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    promptId: integer().references(() => prompts.id, { onDelete: "set null" }),
    sourceImageId: integer().references(() => images.id, { onDelete: "set null" }),
    settings: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ai_test_runs_created_idx").on(t.createdAt)],
);

export type Image = typeof images.$inferSelect;
export type Generation = typeof generations.$inferSelect;
export type AiTestRun = typeof aiTestRuns.$inferSelect;
