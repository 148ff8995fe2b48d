import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users, userTwoFactor } from "@/db/schema";
import { isBackOffice } from "@/lib/domain/permissions";
import { ApiError } from "@/lib/errors";
import { sessionColumns, type SessionUser } from "@/lib/services/users";
import { recordAudit, type AuditClient } from "../audit";
import { acceptTotpCode, redeemRecoveryCode } from "./codes";
import { getSecurityPolicy, mustEnroll, ownerShouldBeAsked, promptsOwner, twoFactorState } from "./policy";
import { limitTwoFactorAttempts, twoFactorSucceeded } from "./throttle";

export const TWO_FACTOR_PAGE = "/admin/security";

export type AfterPassword = { secondFactor: true } | { secondFactor: false; setup: "required" | "suggested" | null };

export async function afterPassword(user: { id: number; roles: readonly string[] }, now = new Date()): Promise<AfterPassword> {
  if (!isBackOffice(user.roles)) return { secondFactor: false, setup: null };
  const state = await twoFactorState(user.id);
  if (state.enabled) return { secondFactor: true };
  if (mustEnroll(user.roles, await getSecurityPolicy(), state)) return { secondFactor: false, setup: "required" };
  if (ownerShouldBeAsked(user.roles, promptsOwner(), state)) {
    const db = await getDb();
    await db
      .insert(userTwoFactor)
      .values({ userId: user.id, promptedAt: now })
      .onConflictDoUpdate({ target: userTwoFactor.userId, set: { promptedAt: now } });
    return { secondFactor: false, setup: "suggested" };
  }
  return { secondFactor: false, setup: null };
}

export interface SecondFactor {
  userId: number;
  sessionVersion: number;
  attemptId: string;
  code?: string;
  recoveryCode?: string;
  client?: AuditClient | null;
  now?: number;
}

export async function completeSecondFactor(input: SecondFactor): Promise<SessionUser> {
  await limitTwoFactorAttempts(input.userId, input.attemptId);
  const db = await getDb();
  // Signed out everywhere or the password changed since the first step: that sign-in is void.
  const [user] = await db
    .select(sessionColumns)
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.sessionVersion, input.sessionVersion)));
  if (!user || !(await twoFactorState(user.id)).enabled) throw new ApiError(401, "errors.twoFactorSignInExpired");
  const ok = input.code
    ? await acceptTotpCode(db, user.id, input.code, input.now ?? Date.now())
    : !!input.recoveryCode && (await redeemRecoveryCode(db, user.id, input.recoveryCode));
  // Recorded at once, not after the answer as for passwords: only back-office accounts reach this step.
  const audited = { actor: { userId: user.id, email: user.email }, client: input.client ?? null };
  const method = input.code ? "two_factor" : "recovery_code";
  if (!ok) {
    await recordAudit(db, { ...audited, action: "sign_in_failed", details: { method } });
    throw new ApiError(401, "errors.twoFactorCodeWrong");
  }
  await recordAudit(db, { ...audited, action: "sign_in", details: { method } });
  await twoFactorSucceeded(user.id);
  return user;
}
