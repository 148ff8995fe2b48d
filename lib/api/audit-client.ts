import "server-only";
import { env } from "@/lib/env";
import type { Session } from "@/lib/auth/session";
import { deviceSummary, type AuditClient, type AuditContext } from "@/lib/services/audit";
import { clientIp, clientNetwork } from "@/lib/request-context/client-ip";

export function auditClient(req: Request): AuditClient {
  const ip = clientIp(req, env().TRUSTED_PROXY_COUNT);
  return { network: ip === "unknown" ? null : clientNetwork(ip), device: deviceSummary(req.headers.get("user-agent")) };
}

export function auditContext(session: Session, req: Request): AuditContext {
  return { actor: { userId: session.user.id, email: session.user.email }, client: auditClient(req) };
}
