import { sql } from "drizzle-orm";
import { bigint, boolean, char, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { postalAddressColumns, timestamps } from "./_shared";

/** "admin" is the shop's owner (everything); "staff" works in the back office as lib/domain/permissions.ts allows. */
export const ROLES = ["guest", "customer", "admin", "staff"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    /** Stored lower-cased. */
    email: text().notNull(),
    /** scrypt hash; null for guest accounts that never set a password. */
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    roles: text()
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`ARRAY['customer']::text[]`),
    /** Bumped on logout and role change: every token carrying an older version is refused. */
    sessionVersion: integer().notNull().default(0),
    /** Set when a link mailed to this address was used: only then may unpaid-order mail go to it. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One account per email; guest accounts (no password) are per order and may share an email.
    uniqueIndex("users_email_account_unique")
      .on(t.email)
      .where(sql`${t.passwordHash} IS NOT NULL`),
    index("users_email_idx").on(t.email),
  ],
);

export const AUTH_TOKEN_PURPOSES = ["password_reset", "sign_in"] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** Single-use, expiring mailed links; only a SHA-256 hash of the token is stored. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: AUTH_TOKEN_PURPOSES }).notNull(),
    /** hex SHA-256 of the token handed out; the token itself is never stored. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash), index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);

/** A sign-up waiting for its mailed link, so registering answers the same for a new and a known address. */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    id: serial().primaryKey(),
    /** Stored lower-cased. */
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    passwordHash: text().notNull(),
    /** hex SHA-256 of the token handed out; the token itself is never stored. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pending_registrations_hash_unique").on(t.tokenHash), index("pending_registrations_expires_idx").on(t.expiresAt)],
);

/**
 * A mailed invitation to work in the back office. Holds personal data (the invitee's email and name): the
 * retention job deletes it 30 days after it was accepted or expired, and erasing the invitee's account
 * deletes it at once. Only a SHA-256 hash of the token is stored; each sending replaces it.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial().primaryKey(),
    /** Stored lower-cased. */
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    invitedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** hex SHA-256 of the token of the newest mail; the token itself is never stored. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** The account that accepted it. */
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

/** Who erased an account, when and why; no personal data, so it outlives the account. */
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

/**
 * TOTP two-factor sign-in of a back-office account (one row per account). The secret is AES-256-GCM
 * encrypted with a key derived from AUTH_SECRET; a row without enabledAt is an enrollment not yet confirmed.
 * Lives as long as the account (erasure cascades).
 */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Encrypted base32 secret; null while only the owner's first-sign-in prompt is recorded. */
  secret: text(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The highest 30-second step a code was accepted for: a code of this step or older is refused (replay). */
  lastUsedStep: bigint({ mode: "number" }),
  /** When the owner was sent to the enrollment page at sign-in (asked once). */
  promptedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes; only a keyed hash is stored. Lives as long as the account or until regenerated. */
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
