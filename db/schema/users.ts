import { sql } from "drizzle-orm";
import { bigint, boolean, char, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { postalAddressColumns, timestamps } from "./_shared";

export const ROLES = ["guest", "customer", "admin", "staff"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    roles: text()
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`ARRAY['customer']::text[]`),
    /** Bumped on logout and role change: every token with an older version is refused. */
    sessionVersion: integer().notNull().default(0),
    /** Only then may unpaid-order mail go to this address. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_account_unique")
      .on(t.email)
      .where(sql`${t.passwordHash} IS NOT NULL`),
    index("users_email_idx").on(t.email),
  ],
);

export const AUTH_TOKEN_PURPOSES = ["password_reset", "sign_in"] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: AUTH_TOKEN_PURPOSES }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash), index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);

/** So registering answers the same for a new and a known address. */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    passwordHash: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pending_registrations_hash_unique").on(t.tokenHash), index("pending_registrations_expires_idx").on(t.expiresAt)],
);

/** Personal data: deleted 30 days after acceptance or expiry, and at once on the invitee's erasure. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    invitedBy: integer().references(() => users.id, { onDelete: "set null" }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_invitations_hash_unique").on(t.tokenHash), index("staff_invitations_email_idx").on(t.email)],
);

export const countries = pgTable("countries", {
  code: char({ length: 2 }).primaryKey(),
  nameEn: text().notNull(),
  nameDe: text().notNull(),
});

export const addresses = pgTable(
  "addresses",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...postalAddressColumns(),
    countryCode: char({ length: 2 })
      .notNull()
      .references(() => countries.code),
    isDefault: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);

export const accountErasures = pgTable("account_erasures", {
  id: serial().primaryKey(),
  erasedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  by: text({ enum: ["customer", "admin"] }).notNull(),
  actorUserId: integer().references(() => users.id, { onDelete: "set null" }),
  reason: text(),
  ordersKept: integer().notNull().default(0),
});

export type User = typeof users.$inferSelect;
export type Country = typeof countries.$inferSelect;
export type Address = typeof addresses.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
export type StaffInvitation = typeof staffInvitations.$inferSelect;

/** The secret is AES-256-GCM encrypted (key from AUTH_SECRET); no enabledAt means not yet confirmed. */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text(),
  enabledAt: timestamp({ withTimezone: true }),
  /** A code of this step or older is refused (replay). */
  lastUsedStep: bigint({ mode: "number" }),
  promptedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_hash_unique").on(t.userId, t.codeHash)],
);
