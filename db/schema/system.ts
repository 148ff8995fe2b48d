import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { images } from "./media";

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

export const loginThrottle = pgTable("login_throttle", {
  key: text().primaryKey(),
  slots: integer().notNull().default(0),
  nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
});

export const MAIL_KINDS = ["receipt", "shipped", "cancelled", "refunded", "account", "other"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_LINK_KINDS = ["order_status", "password_reset", "sign_in", "confirm_registration", "staff_invite"] as const;
export type MailLinkKind = (typeof MAIL_LINK_KINDS)[number];

export type MailAttachment = { type: "invoice"; invoiceId: number } | { type: "mockup"; orderItemId: number; cid: string };

export const outgoingMail = pgTable(
  "outgoing_mail",
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    status: text({ enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    error: text(),
    kind: text({ enum: MAIL_KINDS }).notNull().default("other"),
    /** No foreign key, to keep the mail module free of orders. */
    orderId: uuid(),
    attachments: jsonb().$type<MailAttachment[]>(),
    linkKind: text({ enum: MAIL_LINK_KINDS }),
    linkSubject: integer(),
    /** Only `~~link.<nonce>~~` is replaced by the token, so no typed text can ask for one. */
    linkNonce: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("outgoing_mail_retry_idx").on(t.status, t.nextAttemptAt), index("outgoing_mail_order_idx").on(t.orderId)],
);

/** Until this row exists the SELLER_* variables stand in; then it wins field by field. */
export const sellerSettings = pgTable(
  "seller_settings",
  {
    id: integer().primaryKey().default(1),
    name: text(),
    street: text(),
    postalCode: text(),
    city: text(),
    country: text(),
    email: text(),
    phone: text(),
    vatId: text(),
    taxNumber: text(),
    representative: text(),
    register: text(),
    bankName: text(),
    iban: text(),
    bic: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("seller_settings_single_row", sql`${t.id} = 1`)],
);
export type SellerSettingsRow = typeof sellerSettings.$inferSelect;

/** Until this row exists the shop is called by the seller's legal name. */
export const brandSettings = pgTable(
  "brand_settings",
  {
    id: integer().primaryKey().default(1),
    shopName: text().notNull(),
    primaryColor: text().notNull(),
    supportEmail: text(),
    logoImageId: integer().references(() => images.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("brand_settings_single_row", sql`${t.id} = 1`), check("brand_settings_color", sql`${t.primaryColor} ~ '^#[0-9a-f]{6}$'`)],
);
export type BrandSettingsRow = typeof brandSettings.$inferSelect;

/** Taken by an atomic conditional upsert: of several instances only one runs a pass. */
export const schedulerLeases = pgTable("scheduler_leases", {
  name: text().primaryKey(),
  holder: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

export const securitySettings = pgTable(
  "security_settings",
  {
    id: integer().primaryKey().default(1),
    requireTwoFactorForStaff: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("security_settings_single_row", sql`${t.id} = 1`)],
);

/** The owner declares EU consumer sales through the One-Stop-Shop: each then owes its destination's VAT. */
export const taxSettings = pgTable(
  "tax_settings",
  {
    id: integer().primaryKey().default(1),
    ossEnabled: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("tax_settings_single_row", sql`${t.id} = 1`)],
);
