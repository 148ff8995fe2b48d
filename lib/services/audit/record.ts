import "server-only";
import type { Db, Tx } from "@/db/client";
import { auditLog, type AuditAction } from "@/db/schema";

export interface AuditActor {
  userId: number | null;
  email: string;
}

export interface AuditClient {
  network: string | null;
  device: string | null;
}

export interface AuditContext {
  actor: AuditActor;
  client: AuditClient;
}

export interface AuditEvent {
  actor: AuditActor;
  action: AuditAction;
  target?: { type: string; id: string | number } | null;
  client?: AuditClient | null;
  /** Never a customer's email or name, never an old value. */
  details?: Record<string, unknown> | null;
}

export async function recordAudit(db: Db | Tx, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: event.actor.userId,
    actorEmail: event.actor.email,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target ? String(event.target.id) : null,
    network: event.client?.network ?? null,
    device: event.client?.device ?? null,
    details: event.details ?? null,
  });
}

export { isBackOffice as isBackOfficeRoles } from "@/lib/domain/permissions";
