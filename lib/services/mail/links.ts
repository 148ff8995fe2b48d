import "server-only";
import { orderLinkToken } from "@/lib/auth/order-link";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import { issueRegistrationToken, issueResetToken, issueSignInToken } from "../account/tokens";

/**
 * Link tokens never rest in outgoing_mail: each send makes fresh ones, so a read of the outbox table, a backup
 * or a log of it opens no account and no order.
 */

export const ORDER_LINK_TOKEN = "~~order-link-token~~";

export const resetTokenPlaceholder = (userId: number) => `~~reset-token.${userId}~~`;

export const signInTokenPlaceholder = (userId: number) => `~~sign-in-token.${userId}~~`;

export const registerTokenPlaceholder = (pendingId: number) => `~~register-token.${pendingId}~~`;

const RESET_PLACEHOLDER = /~~reset-token\.(\d+)~~/g;
const SIGN_IN_PLACEHOLDER = /~~sign-in-token\.(\d+)~~/g;
const REGISTER_PLACEHOLDER = /~~register-token\.(\d+)~~/g;

const idsOf = (text: string, placeholder: RegExp) => new Set([...text.matchAll(placeholder)].map((m) => Number(m[1])));

export async function withLinkTokens(mail: {
  text: string;
  html: string | null;
  orderId: string | null;
}): Promise<{ text: string; html: string | null }> {
  const all = `${mail.text}\n${mail.html ?? ""}`;
  const tokens = new Map<string, string>();
  if (all.includes(ORDER_LINK_TOKEN)) {
    if (!mail.orderId) throw new Error("The mail has an order link but no order");
    // The link version now, so a mail resent after the admin revoked the links carries a working one.
    const [order] = await (await getDb()).select({ linkVersion: orders.linkVersion }).from(orders).where(eq(orders.id, mail.orderId));
    if (!order) throw new Error("The mail's order no longer exists");
    tokens.set(ORDER_LINK_TOKEN, orderLinkToken(mail.orderId, new Date(), order.linkVersion));
  }
  const resetUsers = idsOf(all, RESET_PLACEHOLDER);
  const signInUsers = idsOf(all, SIGN_IN_PLACEHOLDER);
  const pendingIds = idsOf(all, REGISTER_PLACEHOLDER);
  if (resetUsers.size + signInUsers.size + pendingIds.size > 0) {
    const db = await getDb();
    for (const userId of resetUsers) tokens.set(resetTokenPlaceholder(userId), await issueResetToken(db, userId));
    for (const userId of signInUsers) tokens.set(signInTokenPlaceholder(userId), await issueSignInToken(db, userId));
    for (const pendingId of pendingIds) {
      const token = await issueRegistrationToken(db, pendingId);
      if (!token) throw new Error("The mail's sign-up no longer exists or has expired");
      tokens.set(registerTokenPlaceholder(pendingId), token);
    }
  }
  if (tokens.size === 0) return { text: mail.text, html: mail.html };
  const fill = (s: string) => [...tokens].reduce((acc, [placeholder, token]) => acc.replaceAll(placeholder, token), s);
  return { text: fill(mail.text), html: mail.html === null ? null : fill(mail.html) };
}
