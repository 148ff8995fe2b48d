import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Role } from "@/db/schema";
import { getServerSession, hasRole, type Session } from "./session";

/** Runs on the server after the proxy's first filter, which cannot tell whether the session is still current. */
export async function requireRoles(roles: readonly Role[]): Promise<Session> {
  const session = await getServerSession();
  if (!session) {
    const from = (await headers()).get("x-pathname") ?? "/admin";
    redirect(`/login?callbackUrl=${encodeURIComponent(from)}`);
  }
  if (!hasRole(session, roles)) redirect("/");
  return session;
}
