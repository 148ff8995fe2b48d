import "server-only";
import { and, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLog, type AuditLogRow } from "@/db/schema";
import { berlinDayStart } from "@/lib/domain/berlin-time";
import type { AdminAuditDto, AdminAuditPage, AdminAuditQuery } from "@/lib/schemas/audit";
import { likePattern, pagedQuery } from "../list-query";

function filter(query: AdminAuditQuery): SQL | undefined {
  return and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.q ? ilike(auditLog.actorEmail, likePattern(query.q)) : undefined,
    query.from ? gte(auditLog.at, berlinDayStart(query.from)) : undefined,
    query.to ? lt(auditLog.at, berlinDayStart(query.to, 1)) : undefined,
  );
}

const toDto = (row: AuditLogRow): AdminAuditDto => ({ ...row, at: row.at.toISOString() });

export async function listAudit(query: AdminAuditQuery): Promise<AdminAuditPage> {
  const db = await getDb();
  const where = filter(query);
  return pagedQuery(
    query,
    (limit, offset) => db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(auditLog).where(where),
    toDto,
  );
}
