export { recordAudit, isBackOfficeRoles, type AuditActor, type AuditClient, type AuditContext, type AuditEvent } from "./record";
export { deviceSummary } from "./device";
export { listAudit } from "./list";
export { purgeAuditLog } from "./retention";
