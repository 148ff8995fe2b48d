import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { authTokens, pendingRegistrations } from "@/db/schema";
import { env } from "@/lib/env";

/** Only a token's hash is stored, so reading the table reveals no usable link. */

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export async function issueResetToken(tx: Db | Tx, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(authTokens).values({
    userId,
    purpose: "password_reset",
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + env().PASSWORD_RESET_MINUTES * 60_000),
  });
  return token;
}

export async function issueSignInToken(tx: Db | Tx, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(authTokens).values({
    userId,
    purpose: "sign_in",
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + env().LOGIN_LINK_MINUTES * 60_000),
  });
  return token;
}

export async function issueRegistrationToken(tx: Db | Tx, pendingId: number, now = new Date()): Promise<string | null> {
  const token = randomBytes(32).toString("base64url");
  const [row] = await tx
    .update(pendingRegistrations)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(pendingRegistrations.id, pendingId), gt(pendingRegistrations.expiresAt, now)))
    .returning({ id: pendingRegistrations.id });
  return row ? token : null;
}

export async function peekToken(db: Db | Tx, token: string): Promise<number | null> {
  const [row] = await db.select({ userId: authTokens.userId }).from(authTokens).where(usable(token));
  return row?.userId ?? null;
}

export async function useToken(tx: Tx, token: string): Promise<number | null> {
  const [row] = await tx.update(authTokens).set({ usedAt: new Date() }).where(usable(token)).returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

export async function retireTokens(tx: Db | Tx, userId: number): Promise<void> {
  await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}

export async function dropPendingSignUps(tx: Db | Tx, email: string): Promise<void> {
  await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email.trim().toLowerCase()));
}

function usable(token: string) {
  return and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.purpose, "password_reset"),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, new Date()),
  );
}
