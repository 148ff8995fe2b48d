import "server-only";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { users } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { runAfterResponse } from "@/lib/request-context/after-response";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/config";
import { queueMail } from "@/lib/integrations/mail";
import { hashPassword } from "@/lib/security/password";
import type { SessionUser } from "@/lib/services/users";
import { isBackOfficeRoles, recordAudit, type AuditClient } from "../audit";
import { deliverQueuedMail } from "../mail";
import { consume } from "../rate-limit";
import { forgetSessionUsers } from "../session-cache";
import { claimGuestAccounts } from "./claim";
import { shopUrl } from "./links";
import { passwordLinkMail, type PasswordMailKind } from "./mails";
import { linkPlaceholder, newMailLink } from "../mail/links";
import { dropPendingSignUps, peekToken, retireTokens, useToken } from "../link-tokens/account";
import { loadShopName } from "../brand";

export interface LinkRequest {
  email: string;
  clientIp: string;
  locale: Locale;
  requestUrl: string;
}

export const RESET_PAGE = "/reset-password";

/** Both windows count every request: neither many emails from one address nor many addresses for one email pass. */
async function limitLinkMails(email: string, clientIp: string): Promise<void> {
  const limit = env().FORGOT_PASSWORD_PER_HOUR;
  const [byClient, byEmail] = await Promise.all([
    consume({ key: `password-mail:client:${clientIp}`, limit, windowSeconds: 3600 }),
    consume({ key: `password-mail:email:${email}`, limit, windowSeconds: 3600 }),
  ]);
  const refused = [byClient, byEmail].filter((r) => !r.allowed);
  if (refused.length)
    throw new ApiError(429, "errors.rateLimitPasswordMail", undefined, { retryAfter: Math.max(...refused.map((r) => r.retryAfter)) });
}

export async function linkRecipient(email: string): Promise<{ id: number; firstName: string | null; kind: PasswordMailKind } | null> {
  const db = await getDb();
  const [account] = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)));
  if (account) return { ...account, kind: "reset" };
  const [guest] = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.passwordHash)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return guest ? { ...guest, kind: "setPassword" } : null;
}

export async function sendLink(
  email: string,
  recipient: { id: number; firstName: string | null; kind: PasswordMailKind },
  req: LinkRequest,
): Promise<void> {
  const db = await getDb();
  const mailLink = newMailLink("password_reset", recipient.id);
  const link = shopUrl(`${RESET_PAGE}?token=${linkPlaceholder(mailLink)}`, req.requestUrl);
  const mail = passwordLinkMail({
    to: email,
    firstName: recipient.firstName,
    locale: req.locale,
    kind: recipient.kind,
    link,
    mailLink,
    minutes: env().PASSWORD_RESET_MINUTES,
    shopName: await loadShopName(db),
  });
  const mailId = await queueMail(db, mail);
  await deliverQueuedMail(mailId);
}

/** Only the rate limit runs before the answer, so neither answer nor timing tells whether the email has an account. */
export async function requestPasswordLink(req: LinkRequest): Promise<void> {
  await limitLinkMails(req.email, req.clientIp);
  runAfterResponse("password link", async () => {
    const recipient = await linkRecipient(req.email);
    if (recipient) await sendLink(req.email, recipient, req);
  });
}

const linkInvalid = () => new ApiError(404, "errors.linkInvalid");

export async function resetPassword(token: string, password: string, client: AuditClient | null = null): Promise<SessionUser> {
  const db = await getDb();
  // A cheap look first, so an unknown token never costs a password hash.
  if ((await peekToken(db, token)) === null) throw linkInvalid();
  const passwordHash = await hashPassword(password);
  try {
    return await resetInTx(db, token, passwordHash, client);
  } finally {
    await forgetSessionUsers(); // after the commit: the claim may have merged (deleted) other accounts
  }
}

async function resetInTx(db: Db, token: string, passwordHash: string, client: AuditClient | null): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    const userId = await useToken(tx, token);
    if (userId === null) throw linkInvalid(); // used meanwhile (a concurrent use won) or just expired
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!owner) throw linkInvalid();
    const user = await claimGuestAccounts(owner.email, passwordHash, { tx });
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, user.id));
    await retireTokens(tx, user.id);
    await dropPendingSignUps(tx, owner.email);
    if (isBackOfficeRoles(user.roles))
      await recordAudit(tx, { actor: { userId: user.id, email: user.email }, action: "password_reset", client });
    return user;
  });
}
