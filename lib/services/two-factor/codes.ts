import "server-only";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { twoFactorRecoveryCodes, userTwoFactor } from "@/db/schema";
import { decryptSecret, hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from "./crypto";
import { totpStep } from "./totp";

// One conditional UPDATE moves lastUsedStep forward, so a code replayed (or raced) in its window finds no row.
export async function acceptTotpCode(db: Db | Tx, userId: number, code: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ secret: userTwoFactor.secret })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)));
  if (!row?.secret) return false;
  const step = totpStep(decryptSecret(row.secret, userId), code, now);
  if (step === null) return false;
  const taken = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(userTwoFactor.userId, userId), or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step))))
    .returning({ userId: userTwoFactor.userId });
  return taken.length > 0;
}

/** Single use: of two concurrent uses of one code exactly one marks it. */
export async function redeemRecoveryCode(db: Db | Tx, userId: number, code: string): Promise<boolean> {
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code, userId)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

export async function replaceRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code, userId) })));
  return codes;
}
