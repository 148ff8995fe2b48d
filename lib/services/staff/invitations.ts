import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { staffInvitations, users } from "@/db/schema";
import { hashPassword, verifyPassword } from "@/lib/security/password";
import { isBackOffice } from "@/lib/domain/permissions";
import { ApiError, notFound, validationFailed } from "@/lib/errors";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/config";
import { queueMail } from "@/lib/integrations/mail";
import type { StaffAcceptBody, StaffInviteBody } from "@/lib/schemas/staff";
import { shopUrl } from "../account/links";
import { recordAudit, type AuditClient, type AuditContext } from "../audit";
import { deliverQueuedMail } from "../mail";
import { linkPlaceholder, newMailLink } from "../mail/links";
import { consume } from "../rate-limit";
import { announceSessionUsersChanged } from "../session-cache";
import { sessionColumns, type SessionUser } from "../users";
import { staffInviteMail } from "./mail";
import { hashToken } from "../link-tokens/staff";
import { loadShopName } from "../brand";

/** Only the mailed link makes someone staff; its hash replaces the stored one, so only the newest link works. */

export const STAFF_INVITE_PAGE = "/staff-invite";

export const ACCEPT_ATTEMPTS = 5;

const DAY = 86_400_000;
const unusableHash = () => hashToken(randomBytes(32).toString("base64url"));

export interface InviteContext {
  invitedBy: { id: number; name: string };
  locale: Locale;
  requestUrl: string;
}

async function limitInvites(ownerId: number, email: string): Promise<void> {
  const byOwner = await consume({ key: `staff-invite:${ownerId}`, limit: env().STAFF_INVITES_PER_HOUR, windowSeconds: 3600 });
  if (!byOwner.allowed) throw new ApiError(429, "errors.rateLimitStaffInvite", undefined, { retryAfter: byOwner.retryAfter });
  const byEmail = await consume({ key: `staff-invite:email:${email}`, limit: env().FORGOT_PASSWORD_PER_HOUR, windowSeconds: 3600 });
  if (!byEmail.allowed) throw new ApiError(429, "errors.rateLimitStaffInvite", undefined, { retryAfter: byEmail.retryAfter });
}

export async function inviteStaff(
  body: StaffInviteBody,
  ctx: InviteContext,
  audit: AuditContext,
): Promise<{ id: number; email: string; expiresAt: string }> {
  const db = await getDb();
  const [account] = await db
    .select({ roles: users.roles })
    .from(users)
    .where(and(eq(users.email, body.email), isNotNull(users.passwordHash)));
  if (account && isBackOffice(account.roles)) throw new ApiError(409, "errors.alreadyStaff");
  await limitInvites(ctx.invitedBy.id, body.email);
  const days = env().STAFF_INVITE_DAYS;
  const { id, expiresAt, mailId } = await db.transaction(async (tx) => {
    await tx.delete(staffInvitations).where(and(eq(staffInvitations.email, body.email), isNull(staffInvitations.acceptedAt)));
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email: body.email,
        firstName: body.firstName || null,
        lastName: body.lastName || null,
        invitedBy: ctx.invitedBy.id,
        tokenHash: unusableHash(),
        expiresAt: new Date(Date.now() + days * DAY),
      })
      .returning({ id: staffInvitations.id, expiresAt: staffInvitations.expiresAt });
    if (!row) throw new Error("The invitation was not stored");
    // The row must not keep a person's email past the invitation.
    await recordAudit(tx, { ...audit, action: "staff_invited", target: { type: "staff_invitation", id: row.id } });
    const mailLink = newMailLink("staff_invite", row.id);
    const link = shopUrl(`${STAFF_INVITE_PAGE}?token=${linkPlaceholder(mailLink)}`, ctx.requestUrl);
    const mailId = await queueMail(
      tx,
      staffInviteMail({
        to: body.email,
        firstName: body.firstName || null,
        inviter: ctx.invitedBy.name,
        locale: ctx.locale,
        link,
        mailLink,
        days,
        shopName: await loadShopName(tx),
      }),
    );
    return { ...row, mailId };
  });
  await deliverQueuedMail(mailId);
  return { id, email: body.email, expiresAt: expiresAt.toISOString() };
}

const open = (tokenHash: string) =>
  and(eq(staffInvitations.tokenHash, tokenHash), isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, new Date()));

async function findOpen(token: string) {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(staffInvitations)
    .where(open(hashToken(token)));
  return row;
}

async function passwordAccount(db: Db | Tx, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, roles: users.roles })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)));
  return row;
}

/** Mail scanners open links too: this uses nothing. */
export async function peekStaffInvitation(token: string): Promise<{ email: string; accountExists: boolean } | null> {
  const invitation = await findOpen(token);
  if (!invitation) return null;
  return { email: invitation.email, accountExists: !!(await passwordAccount(await getDb(), invitation.email)) };
}

export async function acceptStaffInvitation(body: StaffAcceptBody, client: AuditClient | null = null): Promise<SessionUser> {
  const invitation = await findOpen(body.token);
  if (!invitation) throw new ApiError(404, "errors.linkInvalid");
  const db = await getDb();
  const attempt = await consume({
    key: `staff-invite-accept:${invitation.id}`,
    limit: ACCEPT_ATTEMPTS,
    windowSeconds: env().STAFF_INVITE_DAYS * 86_400,
  });
  const deleteInvitation = () => db.delete(staffInvitations).where(eq(staffInvitations.id, invitation.id));
  if (!attempt.allowed) {
    await deleteInvitation();
    throw new ApiError(404, "errors.linkInvalid");
  }
  const existing = await passwordAccount(db, invitation.email);
  if (existing) {
    if (!(await verifyPassword(body.password, existing.passwordHash ?? ""))) {
      if (attempt.count >= ACCEPT_ATTEMPTS) await deleteInvitation();
      throw validationFailed({ password: "validation.passwordWrong" });
    }
  } else if (body.password.length < 8) throw validationFailed({ password: "validation.passwordTooShort" });
  const newHash = existing ? null : await hashPassword(body.password);

  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(staffInvitations.id, invitation.id), open(invitation.tokenHash)))
      .returning();
    if (!used) throw new ApiError(404, "errors.linkInvalid");
    let user: SessionUser | undefined;
    if (existing) {
      const roles = existing.roles.includes("staff") ? existing.roles : [...existing.roles, "staff" as const];
      [user] = await tx
        .update(users)
        .set({
          roles,
          sessionVersion: sql`${users.sessionVersion} + 1`,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        })
        .where(eq(users.id, existing.id))
        .returning(sessionColumns);
      if (user) await announceSessionUsersChanged(tx, [user.id]);
    } else {
      [user] = await tx
        .insert(users)
        .values({
          email: used.email,
          firstName: body.firstName || used.firstName,
          lastName: body.lastName || used.lastName,
          passwordHash: newHash,
          roles: ["staff"],
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning(sessionColumns);
    }
    if (!user) throw new ApiError(409, "errors.emailTaken");
    await tx.update(staffInvitations).set({ acceptedBy: user.id }).where(eq(staffInvitations.id, used.id));
    await recordAudit(tx, {
      actor: { userId: user.id, email: user.email },
      client,
      action: "staff_joined",
      target: { type: "staff_invitation", id: used.id },
      details: { invitedBy: used.invitedBy, existingAccount: !!existing },
    });
    return user;
  });
}

export async function revokeStaffInvitation(invitationId: number, audit: AuditContext): Promise<void> {
  await (
    await getDb()
  ).transaction(async (tx) => {
    const gone = await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.acceptedAt)))
      .returning({ id: staffInvitations.id });
    if (gone.length === 0) throw notFound();
    await recordAudit(tx, { ...audit, action: "staff_invitation_revoked", target: { type: "staff_invitation", id: invitationId } });
  });
}
