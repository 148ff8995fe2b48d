import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Role } from "@/db/schema";
import { TWO_FACTOR_PAGE, twoFactorSetupBlocks } from "@/lib/services/two-factor";
import { backOfficeHome, can, isBackOffice, type Permission } from "@/lib/domain/permissions";
import { getServerSession, hasRole, type Session } from "./session";

export async function requireRoles(roles: readonly Role[]): Promise<Session> {
  const session = await getServerSession();
  if (!session) {
    const from = (await headers()).get("x-pathname") ?? "/admin";
    redirect(`/login?callbackUrl=${encodeURIComponent(from)}`);
  }
  if (!hasRole(session, roles)) redirect("/");
  // Per page, not in the layout: a layout is not rendered again on client navigation.
  if (await twoFactorSetupBlocks(session.user.id, session.roles)) {
    const path = (await headers()).get("x-pathname") ?? "";
    if (!path.startsWith(TWO_FACTOR_PAGE)) redirect(`${TWO_FACTOR_PAGE}?setup=required`);
  }
  return session;
}

export async function requireBackOffice(permission: Permission | null): Promise<Session> {
  const session = await requireRoles(["admin", "staff"]);
  if (!isBackOffice(session.roles)) redirect("/");
  if (!can(session.roles, permission)) redirect(backOfficeHome(session.roles));
  return session;
}
