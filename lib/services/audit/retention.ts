import "server-only";
import { lt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLog } from "@/db/schema";
import { env } from "@/lib/env";

const DAY = 86_400_000;

export async function purgeAuditLog(now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - env().AUDIT_LOG_DAYS * DAY);
  const gone = await (await getDb()).delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return gone.length;
}
