export { AUDIT_ACTIONS, type AuditAction } from "@/db/audit-vocabulary";
