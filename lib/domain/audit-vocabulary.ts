/** The audit log's actions, for browser code (db/audit-vocabulary.ts holds the one copy). */
export { AUDIT_ACTIONS, type AuditAction } from "@/db/audit-vocabulary";
