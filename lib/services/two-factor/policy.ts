import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { securitySettings, userTwoFactor } from "@/db/schema";
import { isStaff } from "@/lib/domain/permissions";
import { env } from "@/lib/env";
import { recordAudit, type AuditContext } from "../audit";

export interface SecurityPolicy {
  requireTwoFactorForStaff: boolean;
}

export async function getSecurityPolicy(): Promise<SecurityPolicy> {
  const db = await getDb();
  const [row] = await db
    .select({ requireTwoFactorForStaff: securitySettings.requireTwoFactorForStaff })
    .from(securitySettings)
    .where(eq(securitySettings.id, 1));
  return { requireTwoFactorForStaff: row?.requireTwoFactorForStaff ?? false };
}

export async function setSecurityPolicy(policy: SecurityPolicy, audit: AuditContext): Promise<SecurityPolicy> {
  const db = await getDb();
  const values = { requireTwoFactorForStaff: policy.requireTwoFactorForStaff, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .insert(securitySettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: securitySettings.id, set: values });
    await recordAudit(tx, {
      ...audit,
      action: "security_policy_changed",
      details: { requireTwoFactorForStaff: policy.requireTwoFactorForStaff },
    });
  });
  return getSecurityPolicy();
}

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: Date | null;
  promptedAt: Date | null;
}

export async function twoFactorState(userId: number): Promise<TwoFactorState> {
  const db = await getDb();
  const [row] = await db
    .select({ enabledAt: userTwoFactor.enabledAt, promptedAt: userTwoFactor.promptedAt })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  return { enabled: !!row?.enabledAt, enabledAt: row?.enabledAt ?? null, promptedAt: row?.promptedAt ?? null };
}

export function isProductionShop(): boolean {
  return env().NODE_ENV === "production" && !env().SHOP_DEMO;
}

export function promptsOwner(): boolean {
  return isProductionShop() && env().TWO_FACTOR_SETUP_PROMPT !== false;
}

export function mustEnroll(roles: readonly string[], policy: SecurityPolicy, state: Pick<TwoFactorState, "enabled">): boolean {
  return isStaff(roles) && policy.requireTwoFactorForStaff && !state.enabled;
}

export function ownerShouldBeAsked(roles: readonly string[], production: boolean, state: TwoFactorState): boolean {
  return roles.includes("admin") && production && !state.enabled && !state.promptedAt;
}

export async function ownerTwoFactorWarning(userId: number, roles: readonly string[]): Promise<boolean> {
  if (!roles.includes("admin") || !isProductionShop()) return false;
  return !(await twoFactorState(userId)).enabled;
}

export async function twoFactorSetupBlocks(userId: number, roles: readonly string[]): Promise<boolean> {
  if (!isStaff(roles)) return false;
  const [policy, state] = await Promise.all([getSecurityPolicy(), twoFactorState(userId)]);
  return mustEnroll(roles, policy, state);
}
