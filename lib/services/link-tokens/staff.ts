import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { staffInvitations } from "@/db/schema";

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export async function issueStaffInviteToken(tx: Db | Tx, invitationId: number, now = new Date()): Promise<string | null> {
  const token = randomBytes(32).toString("base64url");
  const [row] = await tx
    .update(staffInvitations)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, now)))
    .returning({ id: staffInvitations.id });
  return row ? token : null;
}
