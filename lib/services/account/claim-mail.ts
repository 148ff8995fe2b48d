import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { runAfterResponse } from "@/lib/request-context/after-response";
import { env } from "@/lib/env";
import { hashPassword } from "@/lib/security/password";
import { consume } from "../rate-limit";
import type { LinkRequest } from "./password-links";
import { limitMailsTo, mailConfirmation } from "./registration";

/** A guest session proves no mailbox: the password waits until the link mailed to the account's address is used. */

export type ClaimRequest = Omit<LinkRequest, "email">;

async function limitClaimMails(email: string, clientIp: string): Promise<void> {
  const byClient = await consume({ key: `claim-mail:client:${clientIp}`, limit: env().FORGOT_PASSWORD_PER_HOUR, windowSeconds: 3600 });
  if (!byClient.allowed) throw new ApiError(429, "errors.rateLimitPasswordMail", undefined, { retryAfter: byClient.retryAfter });
  await limitMailsTo(email);
}

export async function requestClaimConfirmation(userId: number, password: string, req: ClaimRequest): Promise<void> {
  const [account] = await (
    await getDb()
  )
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound();
  await limitClaimMails(account.email, req.clientIp);
  runAfterResponse("claim confirmation", async () => {
    await mailConfirmation({ ...account, passwordHash: await hashPassword(password) }, { ...req, email: account.email }, "confirmClaim");
  });
}
