import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Role } from "@/db/schema";
import { getServerSession, hasRole, type Session } from "./session";

/**
 * Page guard (server side, after the proxy's first filter): no current session → /login remembering
 * the page; lacking every required role → /.
 */
export async function requireRoles(roles: readonly Role[]): Promise<Session> {
  const session = await getServerSession();
  if (!session) {
    const from = (await headers()).get("x-pathname") ?? "/admin";
    redirect(`/login?callbackUrl=${encodeURIComponent(from)}`);
  }
  if (!hasRole(session, roles)) redirect("/");
  return session;
}
