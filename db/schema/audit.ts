import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { AUDIT_ACTIONS } from "../audit-vocabulary";
import { users } from "./users";

export * from "../audit-vocabulary";

/**
 * Who did what in the back office, and when. Personal data of staff only (their email, client network
 * and a short device summary; never a customer's email or name, targets are ids): kept AUDIT_LOG_DAYS
 * (default 365) for accountability, also after the staff account is gone, then deleted by the
 * retention job. A back-office account's own rows are in its account export.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    /** As it was at the time: the row still names the actor after the account changed or went. */
    actorEmail: text().notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    targetType: text(),
    targetId: text(),
    /** clientNetwork() of the request: an IPv4 address or an IPv6 /48. */
    network: text(),
    /** Browser and OS from the User-Agent (at most 100 characters), never the full header. */
    device: text(),
    details: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_action_at_idx").on(t.action, t.at)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
