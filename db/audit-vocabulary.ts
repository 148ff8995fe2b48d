/** What the audit log records; plain values so browser code can use them without the table. */
export const AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "password_changed",
  "password_reset",
  "refund",
  "orders_exported",
  "customer_exported",
  "account_exported",
  "customer_erased",
  "settings_changed",
  "discount_code_created",
  "discount_code_updated",
  "discount_code_deleted",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
