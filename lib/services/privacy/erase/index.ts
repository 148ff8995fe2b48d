import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, exists, inArray, not, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "@/db/client";
import {
  accountErasures,
  generations,
  images,
  invoices,
  orderAddresses,
  orderItems,
  orders,
  payments,
  staffInvitations,
  users,
} from "@/db/schema";
import { ApiError, notFound, validationFailed } from "@/lib/errors";
import { recordAudit, type AuditContext } from "../../audit";
import { releaseRedemption } from "../../discounts/uses";
import { receiptFileKeys } from "../../orders/receipt-file";
import { deleteImageRows } from "../../images";
import { cancelAttempt, isOpen } from "../../orders/attempts";
import { LIVE } from "@/lib/domain/order-flow";
import { changingSessionUsers } from "../../session-cache";
import { checkOwnPassword } from "../../account/password-check";
import { deleteFiles, emailShared, eraseMails, eraseThrottles, mailsAbout, scrubTimelines, type Leftovers } from "./traces";

/** Art. 17 GDPR in one transaction; paid orders stay for the books (§ 147 AO, § 257 HGB), detached. */

const MONEY_STATES = ["creating", "requires_action", "processing", "succeeded", "refunded"] as const;

const CLOSED_STATES = ["delivered", "cancelled"] as const;

interface Erasure {
  by: "customer" | "admin";
  actorUserId: number | null;
  reason: string | null;
  audit?: AuditContext;
}

export async function eraseAccount(userId: number, password: string | undefined): Promise<void> {
  const checkedHash = await checkPassword(userId, password);
  await cancelPayableAttempts(userId);
  const erasure = { by: "customer" as const, actorUserId: null, reason: null };
  const leftovers = await changingSessionUsers([userId], (tx) => eraseInTx(tx, userId, checkedHash, erasure));
  await deleteFiles(leftovers);
}

export async function eraseAccountForAdmin(userId: number, audit: AuditContext, reason: string): Promise<void> {
  const user = await erasableUser(userId);
  await cancelPayableAttempts(userId);
  const erasure = { by: "admin" as const, actorUserId: audit.actor.userId, reason, audit };
  const leftovers = await changingSessionUsers([userId], (tx) => eraseInTx(tx, userId, user.passwordHash, erasure));
  await deleteFiles(leftovers);
}

/** Payable attempts are cancelled at the provider first: money paid after the order was gone would have no order. */
async function cancelPayableAttempts(userId: number): Promise<void> {
  const db = await getDb();
  const moneyOrInvoice = or(
    exists(
      db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orders.id), inArray(payments.status, [...MONEY_STATES]))),
    ),
    exists(db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orders.id))),
  );
  const open = await db
    .select({ payment: payments, locale: orders.locale })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.userId, userId), inArray(payments.status, [...LIVE]), not(moneyOrInvoice ?? sql`false`)));
  for (const row of open) await cancelAttempt(row.payment, row.locale);
}

async function erasableUser(userId: number): Promise<{ passwordHash: string | null }> {
  const [user] = await (
    await getDb()
  )
    .select({ roles: users.roles, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.roles.includes("admin")) throw new ApiError(409, "errors.adminCannotBeErased");
  if (user.roles.includes("staff")) throw new ApiError(409, "errors.staffCannotBeErased");
  return user;
}

async function checkPassword(userId: number, password: string | undefined): Promise<string | null> {
  const user = await erasableUser(userId);
  if (!user.passwordHash) return null;
  if (!password) throw validationFailed({ password: "validation.passwordRequired" });
  await checkOwnPassword({
    key: `account-erase:user:${userId}`,
    password,
    hash: user.passwordHash,
    wrong: { password: "validation.passwordWrong" },
  });
  return user.passwordHash;
}

async function eraseInTx(tx: Tx, userId: number, checkedHash: string | null, erasure: Erasure): Promise<Leftovers> {
  const [user] = await tx
    .select({ email: users.email, passwordHash: users.passwordHash, roles: users.roles })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) throw notFound();
  if (user.passwordHash !== checkedHash || user.roles.includes("admin")) throw new ApiError(409, "errors.conflict");

  const own = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.userId, userId)).for("update");
  const ownIds = own.map((o) => o.id);
  const withMoney = new Set<string>();
  if (ownIds.length) {
    const paid = await tx
      .selectDistinct({ id: payments.orderId })
      .from(payments)
      .where(and(inArray(payments.orderId, ownIds), inArray(payments.status, [...MONEY_STATES])));
    const invoiced = await tx.selectDistinct({ id: invoices.orderId }).from(invoices).where(inArray(invoices.orderId, ownIds));
    for (const row of [...paid, ...invoiced]) withMoney.add(row.id);
  }
  const kept = own.filter((o) => withMoney.has(o.id));
  const keptIds = kept.map((o) => o.id);
  const dropped = own.filter((o) => !withMoney.has(o.id)).map((o) => o.id);
  if (dropped.length) {
    const attempts = await tx.select({ status: payments.status }).from(payments).where(inArray(payments.orderId, dropped));
    if (attempts.some(isOpen)) throw new ApiError(409, "errors.conflict");
  }
  const closed = kept.filter((o) => (CLOSED_STATES as readonly string[]).includes(o.status)).map((o) => o.id);
  const open = kept.filter((o) => !closed.includes(o.id)).map((o) => o.id);
  const receiptKeys = await receiptFileKeys(tx, ownIds);
  const keptMailIds = await mailsAbout(tx, keptIds);

  // Designs an open delivery still prints stay, owned by nobody.
  if (open.length) {
    const designs = await tx
      .selectDistinct({ id: orderItems.imageId })
      .from(orderItems)
      .innerJoin(images, eq(images.id, orderItems.imageId))
      .where(and(inArray(orderItems.orderId, open), eq(images.ownerId, userId)));
    for (const { id } of designs) {
      if (id !== null)
        await tx
          .update(images)
          .set({ ownerId: null, accessKey: randomBytes(32).toString("base64url") })
          .where(eq(images.id, id));
    }
  }

  for (const id of dropped) await releaseRedemption(tx, id);
  if (dropped.length) await tx.delete(orders).where(inArray(orders.id, dropped));
  const shared = await emailShared(tx, userId, user.email);
  const erasedMailIds = await eraseMails(tx, userId, user.email, dropped, shared);
  if (kept.length) {
    await tx.update(orders).set({ userId: null, customerErasedAt: new Date() }).where(inArray(orders.id, keptIds));
  }
  await scrubTimelines(tx, keptIds);
  if (closed.length) {
    await tx.update(orders).set({ phone: null }).where(inArray(orders.id, closed));
    const billing = alias(orderAddresses, "billing");
    await tx.delete(orderAddresses).where(
      and(
        inArray(orderAddresses.orderId, closed),
        eq(orderAddresses.kind, "shipping"),
        exists(
          tx
            .select({ id: billing.id })
            .from(billing)
            .where(and(eq(billing.orderId, orderAddresses.orderId), eq(billing.kind, "billing"))),
        ),
      ),
    );
  }

  await tx.delete(generations).where(eq(generations.userId, userId));
  const owned = await tx.select({ id: images.id }).from(images).where(eq(images.ownerId, userId));
  const storageKeys = await deleteImageRows(
    tx,
    owned.map((i) => i.id),
  );
  await eraseThrottles(tx, userId, user.email, shared);
  if (!shared) await tx.delete(staffInvitations).where(eq(staffInvitations.email, user.email));
  await tx.delete(users).where(eq(users.id, userId));
  const { audit, ...recorded } = erasure;
  await tx.insert(accountErasures).values({ ...recorded, ordersKept: kept.length });
  if (audit)
    await recordAudit(tx, {
      ...audit,
      action: "customer_erased",
      target: { type: "user", id: userId },
      // The owner's free text may name the customer: it stays in account_erasures only.
      details: { ordersKept: kept.length },
    });
  return { storageKeys, receiptKeys, mailIds: [...erasedMailIds, ...keptMailIds] };
}
