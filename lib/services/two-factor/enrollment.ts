import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import { getDb } from "@/db/client";
import { twoFactorRecoveryCodes, users, userTwoFactor } from "@/db/schema";
import { verifyPassword } from "@/lib/security/password";
import { isBackOffice } from "@/lib/domain/permissions";
import { ApiError } from "@/lib/errors";
import { recordAudit, type AuditClient } from "../audit";
import { acceptTotpCode, replaceRecoveryCodes } from "./codes";
import { decryptSecret, encryptSecret } from "./crypto";
import { limitTwoFactorAttempts, twoFactorSucceeded } from "./throttle";
import { newTotpSecret, otpauthUri, totpStep } from "./totp";
import { loadShopName } from "../brand";

export interface Enrollment {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

interface Account {
  id: number;
  email: string;
  roles: readonly string[];
  client?: AuditClient | null;
}

const audited = (account: Account) => ({ actor: { userId: account.id, email: account.email }, client: account.client ?? null });

function backOfficeOnly(account: Account): void {
  if (!isBackOffice(account.roles)) throw new ApiError(403, "errors.forbidden");
}

export async function startEnrollment(account: Account): Promise<Enrollment> {
  backOfficeOnly(account);
  const secret = newTotpSecret();
  const stored = encryptSecret(secret, account.id);
  const db = await getDb();
  const [row] = await db
    .insert(userTwoFactor)
    .values({ userId: account.id, secret: stored })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret: stored, lastUsedStep: null, updatedAt: new Date() },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  if (!row) throw new ApiError(409, "errors.twoFactorAlreadyOn");
  const uri = otpauthUri(secret, account.email, await loadShopName());
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret, otpauthUri: uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export async function confirmEnrollment(account: Account, code: string, now = Date.now()): Promise<{ recoveryCodes: string[] }> {
  backOfficeOnly(account);
  await limitTwoFactorAttempts(account.id);
  const db = await getDb();
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .select({ secret: userTwoFactor.secret, enabledAt: userTwoFactor.enabledAt })
        .from(userTwoFactor)
        .where(eq(userTwoFactor.userId, account.id))
        .for("update");
      if (row?.enabledAt) throw new ApiError(409, "errors.twoFactorAlreadyOn");
      if (!row?.secret) throw new ApiError(409, "errors.twoFactorNotStarted");
      const step = totpStep(decryptSecret(row.secret, account.id), code, now);
      if (step === null) throw new ApiError(422, "errors.validationFailed", { code: "validation.twoFactorCode" });
      await tx
        .update(userTwoFactor)
        .set({ enabledAt: new Date(now), lastUsedStep: step, updatedAt: new Date() })
        .where(eq(userTwoFactor.userId, account.id));
      await recordAudit(tx, { ...audited(account), action: "two_factor_enabled" });
      return { recoveryCodes: await replaceRecoveryCodes(tx, account.id) };
    })
    .then(async (result) => {
      await twoFactorSucceeded(account.id);
      return result;
    });
}

/** The password and a current code: a session left open on a shared computer cannot weaken the account. */
async function confirmIdentity(account: Account, password: string, code: string, now: number): Promise<void> {
  backOfficeOnly(account);
  await limitTwoFactorAttempts(account.id);
  const db = await getDb();
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, account.id));
  const passwordOk = await verifyPassword(password, user?.passwordHash);
  if (!passwordOk) throw new ApiError(422, "errors.validationFailed", { password: "validation.currentPasswordWrong" });
  if (!(await acceptTotpCode(db, account.id, code, now)))
    throw new ApiError(422, "errors.validationFailed", { code: "validation.twoFactorCode" });
  await twoFactorSucceeded(account.id);
}

export async function disableTwoFactor(account: Account, password: string, code: string, now = Date.now()): Promise<void> {
  await confirmIdentity(account, password, code, now);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, account.id));
    // The row stays (with promptedAt), so a production owner is not asked again at the next sign-in.
    await tx
      .update(userTwoFactor)
      .set({ secret: null, enabledAt: null, lastUsedStep: null, updatedAt: new Date() })
      .where(eq(userTwoFactor.userId, account.id));
    await recordAudit(tx, { ...audited(account), action: "two_factor_disabled" });
  });
}

export async function regenerateRecoveryCodes(
  account: Account,
  password: string,
  code: string,
  now = Date.now(),
): Promise<{ recoveryCodes: string[] }> {
  await confirmIdentity(account, password, code, now);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: userTwoFactor.userId })
      .from(userTwoFactor)
      .where(and(eq(userTwoFactor.userId, account.id), isNotNull(userTwoFactor.enabledAt)))
      .for("update");
    if (!row) throw new ApiError(409, "errors.twoFactorNotStarted");
    await recordAudit(tx, { ...audited(account), action: "two_factor_recovery_codes_renewed" });
    return { recoveryCodes: await replaceRecoveryCodes(tx, account.id) };
  });
}

export async function twoFactorOverview(userId: number): Promise<{ enabledAt: Date | null; recoveryCodesLeft: number }> {
  const db = await getDb();
  const [row] = await db.select({ enabledAt: userTwoFactor.enabledAt }).from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  const codes = await db
    .select({ usedAt: twoFactorRecoveryCodes.usedAt })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return { enabledAt: row?.enabledAt ?? null, recoveryCodesLeft: codes.filter((c) => !c.usedAt).length };
}
