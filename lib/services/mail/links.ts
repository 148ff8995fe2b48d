import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders, outgoingMail, pendingRegistrations, staffInvitations, users, type MailLinkKind } from "@/db/schema";
import { orderLinkToken } from "@/lib/security/order-link";
import type { MailLink } from "@/lib/integrations/mail";
import { issueRegistrationToken, issueResetToken, issueSignInToken } from "../link-tokens/account";
import { issueStaffInviteToken } from "../link-tokens/staff";

/** Tokens never rest in outgoing_mail: each send issues a fresh one, so the outbox table opens no account. */

export function newMailLink(kind: MailLinkKind, subject: number | null = null): MailLink {
  return { kind, subject, nonce: randomBytes(16).toString("hex") };
}

export const linkPlaceholder = (link: Pick<MailLink, "nonce">) => `~~link.${link.nonce}~~`;

type LinkedMail = Pick<typeof outgoingMail.$inferSelect, "to" | "text" | "html" | "orderId" | "linkKind" | "linkSubject" | "linkNonce">;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function notForRecipient(): never {
  throw new Error("The mail's link is not for its recipient");
}

async function tokenFor(mail: LinkedMail & { linkKind: MailLinkKind }): Promise<string> {
  const db = await getDb();
  if (mail.linkKind === "order_status") {
    if (!mail.orderId) throw new Error("The mail has an order link but no order");
    // The link version now, so a mail resent after a revocation carries a working one.
    const [order] = await db
      .select({ email: orders.email, linkVersion: orders.linkVersion })
      .from(orders)
      .where(eq(orders.id, mail.orderId));
    if (!order) throw new Error("The mail's order no longer exists");
    if (!sameAddress(order.email, mail.to)) notForRecipient();
    return orderLinkToken(mail.orderId, new Date(), order.linkVersion);
  }
  if (mail.linkSubject === null) throw new Error("The mail's link has no subject");
  if (mail.linkKind === "confirm_registration") {
    const [pending] = await db
      .select({ email: pendingRegistrations.email })
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.id, mail.linkSubject));
    if (pending && !sameAddress(pending.email, mail.to)) notForRecipient();
    const token = pending ? await issueRegistrationToken(db, mail.linkSubject) : null;
    if (!token) throw new Error("The mail's sign-up no longer exists or has expired");
    return token;
  }
  if (mail.linkKind === "staff_invite") {
    const [invitation] = await db
      .select({ email: staffInvitations.email })
      .from(staffInvitations)
      .where(eq(staffInvitations.id, mail.linkSubject));
    if (invitation && !sameAddress(invitation.email, mail.to)) notForRecipient();
    const token = invitation ? await issueStaffInviteToken(db, mail.linkSubject) : null;
    if (!token) throw new Error("The mail's staff invitation no longer exists, was accepted or has expired");
    return token;
  }
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, mail.linkSubject));
  if (!user) throw new Error("The mail's account no longer exists");
  if (!sameAddress(user.email, mail.to)) notForRecipient();
  return mail.linkKind === "sign_in" ? issueSignInToken(db, mail.linkSubject) : issueResetToken(db, mail.linkSubject);
}

export async function withLinkToken(mail: LinkedMail): Promise<{ text: string; html: string | null }> {
  if (!mail.linkKind || !mail.linkNonce) return { text: mail.text, html: mail.html };
  const token = await tokenFor({ ...mail, linkKind: mail.linkKind });
  const placeholder = linkPlaceholder({ nonce: mail.linkNonce });
  return { text: mail.text.replaceAll(placeholder, token), html: mail.html?.replaceAll(placeholder, token) ?? null };
}
