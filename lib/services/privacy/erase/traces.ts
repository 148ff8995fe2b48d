import "server-only";
import { and, eq, gt, inArray, isNull, like, ne, or, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { loginThrottle, orderEvents, outgoingMail, pendingRegistrations, rateLimits, users } from "@/db/schema";
import { deleteOutboxCopies } from "@/lib/integrations/mail";
import { logger } from "@/lib/logger";
import { deleteReceiptFiles } from "../../orders/receipt-file";
import { deleteImageFiles } from "../../images";

const USER_LINK_KINDS = ["password_reset", "sign_in"] as const;

export interface Leftovers {
  storageKeys: string[];
  receiptKeys: string[];
  mailIds: number[];
}

export async function emailShared(tx: Tx, userId: number, email: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  if (other) return true;
  const [pending] = await tx
    .select({ id: pendingRegistrations.id })
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.email, email.toLowerCase()), gt(pendingRegistrations.expiresAt, new Date())))
    .limit(1);
  return pending !== undefined;
}

/** Other account mails go only with the email's last account: anybody can open a guest account for any email. */
export async function eraseMails(tx: Tx, userId: number, email: string, dropped: string[], shared: boolean): Promise<number[]> {
  const orderless = isNull(outgoingMail.orderId);
  const ownLinks = and(orderless, inArray(outgoingMail.linkKind, [...USER_LINK_KINDS]), eq(outgoingMail.linkSubject, userId));
  const rows = await tx
    .delete(outgoingMail)
    .where(
      or(
        ownLinks,
        shared ? undefined : and(orderless, sql`lower(${outgoingMail.to}) = lower(${email})`),
        dropped.length ? inArray(outgoingMail.orderId, dropped) : undefined,
      ),
    )
    .returning({ id: outgoingMail.id });
  return rows.map((r) => r.id);
}

/** Email-keyed throttles go only with the last account, or a stranger's guest account could reset them. */
export async function eraseThrottles(tx: Tx, userId: number, email: string, shared: boolean): Promise<void> {
  for (const table of [rateLimits, loginThrottle]) {
    const own = or(like(table.key, `%:user:${userId}`), like(table.key, `%:account:${userId}`));
    const byEmail = shared
      ? undefined
      : or(
          eq(table.key, `login:account:${email}`),
          and(like(table.key, "login:pair:%"), sql`right(${table.key}, ${email.length + 1}) = ${`:${email}`}`),
        );
    await tx.delete(table).where(or(own, byEmail));
  }
}

export async function mailsAbout(tx: Tx, orderIds: string[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx.select({ id: outgoingMail.id }).from(outgoingMail).where(inArray(outgoingMail.orderId, orderIds));
  return rows.map((r) => r.id);
}

export async function scrubTimelines(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orderEvents)
    .set({
      data: sql`case when ${orderEvents.data}->>'error' like '%@%' then ${orderEvents.data} - 'error' else ${orderEvents.data} end - 'before' - 'after'`,
    })
    .where(
      and(
        inArray(orderEvents.orderId, orderIds),
        sql`(${orderEvents.data} ?| array['before', 'after'] or ${orderEvents.data}->>'error' like '%@%')`,
      ),
    );
}

export async function deleteFiles(leftovers: Leftovers): Promise<void> {
  await deleteImageFiles(leftovers.storageKeys);
  await deleteReceiptFiles(leftovers.receiptKeys);
  await deleteOutboxCopies(leftovers.mailIds).catch((err: unknown) => logger.warn("could not delete outbox copies", { err }));
}
