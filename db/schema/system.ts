import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Fixed-window counters shared by every app instance (login attempts, generations). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/** Sign-in slots of an account past its free failures, taken by one atomic conditional upsert across instances. */
export const loginThrottle = pgTable("login_throttle", {
  key: text().primaryKey(),
  /** Slots taken so far: the n-th slot delays the next attempt by 2^n seconds (capped). */
  slots: integer().notNull().default(0),
  nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
});

export const MAIL_KINDS = ["receipt", "shipped", "cancelled", "refunded", "account", "other"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The one link a mail may carry; its token is issued at sending, for the mail's recipient and this purpose only. */
export const MAIL_LINK_KINDS = ["order_status", "password_reset", "sign_in", "confirm_registration", "staff_invite"] as const;
export type MailLinkKind = (typeof MAIL_LINK_KINDS)[number];

/** A file a mail carries, resolved when it is sent (an invoice or credit note PDF, by invoice id). */
export type MailAttachment =
  | { type: "invoice"; invoiceId: number }
  /** An order line's front mockup (its design while there is none) shown inline in the HTML as `cid:`. */
  | { type: "mockup"; orderItemId: number; cid: string };

/** Every message is recorded; a failed one is retried with backoff until MAIL_MAX_ATTEMPTS. */
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
    /** The order a mail is about (its timeline records sending); no foreign key to keep the mail module free of orders. */
    orderId: uuid(),
    attachments: jsonb().$type<MailAttachment[]>(),
    linkKind: text({ enum: MAIL_LINK_KINDS }),
    /** The user (password_reset, sign_in), pending sign-up (confirm_registration) or staff invitation (staff_invite) the link is for; orders use orderId. */
    linkSubject: integer(),
    /** Random per mail: only `~~link.<nonce>~~` is replaced by the token, so no typed text can ask for one. */
    linkNonce: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("outgoing_mail_retry_idx").on(t.status, t.nextAttemptAt), index("outgoing_mail_order_idx").on(t.orderId)],
);

/**
 * The seller's legal data as the owner saved it in the back office: one row (id 1). Until it exists the
 * SELLER_* variables stand in; once saved, the row wins field by field, a null being an empty field.
 */
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

/**
 * Who runs the scheduled jobs right now (one row per job group). Taken by one atomic conditional upsert,
 * so of several app instances only one runs a pass; an expired lease (a crashed holder) can be taken over.
 */
export const schedulerLeases = pgTable("scheduler_leases", {
  name: text().primaryKey(),
  /** A random id per pass, so only the holder renews or releases it. */
  holder: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/** The shop's sign-in policy as the owner set it: one row (id 1); until it exists every default holds. */
export const securitySettings = pgTable(
  "security_settings",
  {
    id: integer().primaryKey().default(1),
    requireTwoFactorForStaff: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("security_settings_single_row", sql`${t.id} = 1`)],
);
