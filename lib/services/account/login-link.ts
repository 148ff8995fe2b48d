import "server-only";
import { and, arrayContains, eq, gt, isNotNull, isNull, not, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { authTokens, users } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { isBackOffice as isBackOfficeAccount } from "@/lib/domain/permissions";
import { runAfterResponse } from "@/lib/request-context/after-response";
import { env } from "@/lib/env";
import { queueMail } from "@/lib/integrations/mail";
import { sessionColumns, type SessionUser } from "@/lib/services/users";
import { deliverQueuedMail } from "../mail";
import { linkPlaceholder, newMailLink } from "../mail/links";
import { consume } from "../rate-limit";
import { announceSessionUsersChanged, forgetSessionUsers } from "../session-cache";
import { shopUrl } from "./links";
import { passwordLinkMail } from "./mails";
import type { LinkRequest } from "./password-links";
import { dropPendingSignUps, hashToken, retireTokens } from "../link-tokens/account";
import { loadShopName } from "../brand";

export const SIGN_IN_LINK_PAGE = "/sign-in-link";

async function limitSignInMails(email: string, clientIp: string): Promise<void> {
  const limit = env().FORGOT_PASSWORD_PER_HOUR;
  const [byClient, byEmail] = await Promise.all([
    consume({ key: `sign-in-mail:client:${clientIp}`, limit, windowSeconds: 3600 }),
    consume({ key: `sign-in-mail:email:${email}`, limit, windowSeconds: 3600 }),
  ]);
  const refused = [byClient, byEmail].filter((r) => !r.allowed);
  if (refused.length)
    throw new ApiError(429, "errors.rateLimitPasswordMail", undefined, { retryAfter: Math.max(...refused.map((r) => r.retryAfter)) });
}

/** Only the rate limit runs before the answer, so answer and timing are the same for every email. */
export async function requestSignInLink(req: LinkRequest): Promise<void> {
  await limitSignInMails(req.email, req.clientIp);
  runAfterResponse("sign-in link", async () => {
    const db = await getDb();
    const [account] = await db
      .select({ id: users.id, firstName: users.firstName, roles: users.roles })
      .from(users)
      .where(and(eq(users.email, req.email), isNotNull(users.passwordHash)));
    // A mailbox alone must not open a back-office account.
    if (!account || isBackOfficeAccount(account.roles)) return;
    const minutes = env().LOGIN_LINK_MINUTES;
    const mailLink = newMailLink("sign_in", account.id);
    const link = shopUrl(`${SIGN_IN_LINK_PAGE}?token=${linkPlaceholder(mailLink)}`, req.requestUrl);
    const mailId = await queueMail(
      db,
      passwordLinkMail({
        to: req.email,
        firstName: account.firstName,
        locale: req.locale,
        kind: "signIn",
        link,
        mailLink,
        minutes,
        shopName: await loadShopName(db),
      }),
    );
    await deliverQueuedMail(mailId);
  });
}

/** The first proof of the mailbox wins; a password set before the address was proved may be a stranger's, so it is cleared. */
export async function redeemSignInLink(token: string): Promise<SessionUser> {
  const db = await getDb();
  const signedIn = await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(token)),
          eq(authTokens.purpose, "sign_in"),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: authTokens.userId });
    if (!taken) throw new ApiError(404, "errors.linkInvalid");
    const unproved = and(isNull(users.emailVerifiedAt), not(arrayContains(users.roles, ["admin"])));
    const [user] = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        passwordHash: sql`case when ${unproved} then null else ${users.passwordHash} end`,
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(and(eq(users.id, taken.userId), isNotNull(users.passwordHash)))
      .returning(sessionColumns);
    if (!user || isBackOfficeAccount(user.roles)) throw new ApiError(404, "errors.linkInvalid");
    await retireTokens(tx, user.id);
    await dropPendingSignUps(tx, user.email);
    await announceSessionUsersChanged(tx, [user.id]);
    return user;
  });
  await forgetSessionUsers([signedIn.id]);
  return signedIn;
}
