import "server-only";
import type { Db, Tx } from "@/db/client";
import { auditLog, type AuditAction } from "@/db/schema";

/** The person acting; the email is kept as it was, so the row still names them after a change. */
export interface AuditActor {
  userId: number | null;
  email: string;
}

/** Where the request came from, as the route saw it (services know no HTTP). */
export interface AuditClient {
  /** clientNetwork() of the request; null when unknown. */
  network: string | null;
  /** deviceSummary() of the User-Agent. */
  device: string | null;
}

/** What an admin route hands a service that records its action. */
export interface AuditContext {
  actor: AuditActor;
  client: AuditClient;
}

export interface AuditEvent {
  actor: AuditActor;
  action: AuditAction;
  target?: { type: string; id: string | number } | null;
  client?: AuditClient | null;
  /** Ids, amounts and field names only: never a customer's email or name, never an old value. */
  details?: Record<string, unknown> | null;
}

/** Inside the caller's transaction when there is one: the row commits exactly when the change does. */
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

/** Only back-office accounts are recorded: a customer's sign-ins are no staff action. */
export { isBackOffice as isBackOfficeRoles } from "@/lib/domain/permissions";
