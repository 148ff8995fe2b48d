import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { AUDIT_ACTIONS } from "../audit-vocabulary";
import { users } from "./users";

export * from "../audit-vocabulary";

/** Staff personal data only; kept AUDIT_LOG_DAYS for accountability, also after the account is gone. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    /** As it was at the time, so the row still names the actor after the account changed or went. */
    actorEmail: text().notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    targetType: text(),
    targetId: text(),
    network: text(),
    device: text(),
    details: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_action_at_idx").on(t.action, t.at)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
