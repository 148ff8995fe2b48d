import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { pendingRegistrations, users } from "@/db/schema";
import { ApiError, validationFailed } from "@/lib/errors";
import { runAfterResponse } from "@/lib/request-context/after-response";
import { clientNetwork } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import { hashPassword, verifyPassword } from "@/lib/security/password";
import { queueMail } from "@/lib/integrations/mail";
import type { RegisterBody } from "@/lib/schemas/auth";
import { sessionColumns, type SessionUser } from "@/lib/services/users";
import { deliverQueuedMail } from "../mail";
import { linkPlaceholder, newMailLink } from "../mail/links";
import { consume } from "../rate-limit";
import { forgetSessionUsers } from "../session-cache";
import { shopUrl } from "./links";
import { claimGuestAccounts } from "./claim";
import { passwordLinkMail, type PasswordMailKind } from "./mails";
import { linkRecipient, sendLink, type LinkRequest } from "./password-links";
import { dropPendingSignUps, hashToken, retireTokens } from "../link-tokens/account";
import { loadShopName } from "../brand";

export const CONFIRM_REGISTRATION_PAGE = "/confirm-registration";

export async function limitRegistrations(clientIp: string): Promise<void> {
  const limit = await consume({ key: `register:${clientNetwork(clientIp)}`, limit: env().REGISTRATIONS_PER_HOUR, windowSeconds: 3600 });
  if (!limit.allowed) throw new ApiError(429, "errors.rateLimitRegister", undefined, { retryAfter: limit.retryAfter });
}

export async function limitMailsTo(email: string): Promise<void> {
  const byEmail = await consume({ key: `register-mail:email:${email}`, limit: env().FORGOT_PASSWORD_PER_HOUR, windowSeconds: 3600 });
  if (!byEmail.allowed) throw new ApiError(429, "errors.rateLimitPasswordMail", undefined, { retryAfter: byEmail.retryAfter });
}

export async function requestRegistration(body: RegisterBody, req: LinkRequest): Promise<void> {
  await limitRegistrations(req.clientIp);
  await limitMailsTo(req.email);
  runAfterResponse("registration", async () => {
    const recipient = await linkRecipient(req.email);
    if (recipient) {
      await sendLink(req.email, recipient.kind === "reset" ? { ...recipient, kind: "signUpExisting" } : recipient, req);
      return;
    }
    await mailConfirmation(
      {
        email: req.email,
        firstName: body.firstName || null,
        lastName: body.lastName || null,
        phone: body.phone ?? null,
        passwordHash: await hashPassword(body.password ?? ""),
      },
      req,
      "confirmRegistration",
    );
  });
}

export interface PendingSignUp {
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  passwordHash: string;
}

export async function mailConfirmation(
  signUp: PendingSignUp,
  req: LinkRequest,
  kind: Extract<PasswordMailKind, "confirmRegistration" | "confirmClaim">,
): Promise<void> {
  const hours = env().REGISTRATION_CONFIRM_HOURS;
  const db = await getDb();
  const email = signUp.email.trim().toLowerCase();
  const mailId = await db.transaction(async (tx) => {
    await tx.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, new Date()));
    const [pending] = await tx
      .insert(pendingRegistrations)
      .values({
        ...signUp,
        email,
        // A hash of a token nobody holds: each send stores its own link's hash (mail/links.ts).
        tokenHash: hashToken(randomBytes(32).toString("base64url")),
        expiresAt: new Date(Date.now() + hours * 3600_000),
      })
      .returning({ id: pendingRegistrations.id });
    if (!pending) throw new Error("The sign-up was not stored");
    const mailLink = newMailLink("confirm_registration", pending.id);
    const link = shopUrl(`${CONFIRM_REGISTRATION_PAGE}?token=${linkPlaceholder(mailLink)}`, req.requestUrl);
    return queueMail(
      tx,
      passwordLinkMail({
        to: email,
        firstName: signUp.firstName,
        locale: req.locale,
        kind,
        link,
        mailLink,
        minutes: hours * 60,
        hours,
        shopName: await loadShopName(tx),
      }),
    );
  });
  await deliverQueuedMail(mailId);
}

export const CONFIRM_ATTEMPTS = 5;

/** The password is asked again, so a stranger who signed up with someone's address cannot have the owner confirm it. */
export async function confirmRegistration(token: string, password: string): Promise<SessionUser> {
  const db = await getDb();
  const tokenHash = hashToken(token);
  const [pending] = await db
    .select({ id: pendingRegistrations.id, passwordHash: pendingRegistrations.passwordHash })
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.tokenHash, tokenHash), gt(pendingRegistrations.expiresAt, new Date())));
  if (!pending) throw new ApiError(404, "errors.linkInvalid");
  const attempt = await consume({
    key: `register-confirm:${pending.id}`,
    limit: CONFIRM_ATTEMPTS,
    windowSeconds: env().REGISTRATION_CONFIRM_HOURS * 3600,
  });
  const deletePending = () => db.delete(pendingRegistrations).where(eq(pendingRegistrations.id, pending.id));
  if (!attempt.allowed) {
    await deletePending();
    throw new ApiError(404, "errors.linkInvalid");
  }
  if (!(await verifyPassword(password, pending.passwordHash))) {
    if (attempt.count >= CONFIRM_ATTEMPTS) await deletePending();
    throw validationFailed({ password: "validation.passwordWrong" });
  }
  try {
    return await db.transaction(async (tx) => {
      const [used] = await tx
        .delete(pendingRegistrations)
        .where(
          and(
            eq(pendingRegistrations.id, pending.id),
            eq(pendingRegistrations.tokenHash, tokenHash),
            gt(pendingRegistrations.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!used) throw new ApiError(404, "errors.linkInvalid");
      await dropPendingSignUps(tx, used.email);
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, used.email)).limit(1);
      if (existing) return proveExisting(tx, used.email, used.passwordHash);
      const [user] = await tx
        .insert(users)
        .values({
          email: used.email,
          firstName: used.firstName,
          lastName: used.lastName,
          phone: used.phone,
          passwordHash: used.passwordHash,
          roles: ["customer"],
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning(sessionColumns);
      if (!user) throw new ApiError(409, "errors.emailTaken");
      return user;
    });
  } finally {
    await forgetSessionUsers(); // after the commit: the claim may have merged (deleted) other accounts
  }
}

async function proveExisting(tx: Tx, email: string, passwordHash: string): Promise<SessionUser> {
  const user = await claimGuestAccounts(email, passwordHash, { tx });
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, user.id));
  await retireTokens(tx, user.id);
  return user;
}
