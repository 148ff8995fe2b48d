import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { addresses, aiTestRuns, cartItems, carts, generations, images, orderEvents, orders, refunds, users, type Role } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { hasPasswordColumn, sessionColumns, type SessionUser } from "@/lib/services/users";
import { announceSessionUsersChanged, forgetSessionUsers } from "@/lib/services/session-cache";

export interface ClaimOptions {
  tx?: Tx;
}

export async function claimGuestAccounts(email: string, passwordHash: string, opts: ClaimOptions = {}): Promise<SessionUser> {
  if (opts.tx) return claimInTx(opts.tx, email, passwordHash); // the caller calls forgetSessionUsers() after its commit
  const db = await getDb();
  try {
    return await db.transaction((tx) => claimInTx(tx, email, passwordHash));
  } finally {
    await forgetSessionUsers();
  }
}

export function claimedRoles(roles: readonly Role[]): Role[] {
  const out = new Set<Role>(roles.map((r) => (r === "guest" ? "customer" : r)));
  if (!out.has("admin")) out.add("customer");
  return [...out];
}

async function claimInTx(tx: Tx, rawEmail: string, passwordHash: string): Promise<SessionUser> {
  const email = rawEmail.trim().toLowerCase();
  // Locked in id order: concurrent claims of one email run one after the other.
  const accounts = await tx
    .select({ id: users.id, roles: users.roles, hasPassword: hasPasswordColumn, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.email, email))
    .orderBy(asc(users.id))
    .for("update");
  const passwordAccount = accounts.find((a) => a.hasPassword);
  const passwordless = accounts
    .filter((a) => !a.hasPassword && !a.roles.includes("admin"))
    .sort(
      (a, b) =>
        Number(a.roles.includes("guest")) - Number(b.roles.includes("guest")) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id - b.id,
    );

  const target = passwordAccount ?? passwordless[0];
  if (!target) throw notFound();
  const targetId = target.id;
  const others = passwordless.filter((g) => g.id !== targetId).map((g) => g.id);
  if (others.length) await moveRows(tx, others, targetId);

  const [user] = await tx
    .update(users)
    .set({ passwordHash, roles: claimedRoles(target.roles), sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, targetId))
    .returning(sessionColumns);
  if (!user) throw notFound();
  await announceSessionUsersChanged(tx, [targetId, ...others]);
  return user;
}

async function moveRows(tx: Tx, from: number[], to: number): Promise<void> {
  await moveOrders(tx, from, to);
  await moveCarts(tx, from, to);
  await tx.update(images).set({ ownerId: to }).where(inArray(images.ownerId, from));
  await tx.update(generations).set({ userId: to }).where(inArray(generations.userId, from));
  await tx.update(addresses).set({ userId: to }).where(inArray(addresses.userId, from));
  await tx.update(orderEvents).set({ actorUserId: to }).where(inArray(orderEvents.actorUserId, from));
  await tx.update(aiTestRuns).set({ createdBy: to }).where(inArray(aiTestRuns.createdBy, from));
  await tx.update(refunds).set({ createdBy: to }).where(inArray(refunds.createdBy, from));
  await tx.delete(users).where(inArray(users.id, from));
}

async function moveOrders(tx: Tx, from: number[], to: number): Promise<void> {
  const moving = await tx.select({ id: orders.id, key: orders.idempotencyKey }).from(orders).where(inArray(orders.userId, from));
  if (!moving.length) return;
  const taken = new Set((await tx.select({ key: orders.idempotencyKey }).from(orders).where(eq(orders.userId, to))).map((r) => r.key));
  for (const order of moving) {
    if (taken.has(order.key)) {
      const key = `${order.key}~${order.id}`;
      await tx.update(orders).set({ idempotencyKey: key }).where(eq(orders.id, order.id));
      taken.add(key);
    } else {
      taken.add(order.key);
    }
  }
  await tx.update(orders).set({ userId: to }).where(inArray(orders.userId, from));
}

async function moveCarts(tx: Tx, from: number[], to: number): Promise<void> {
  const guestCarts = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(inArray(carts.userId, from))
    .orderBy(desc(carts.updatedAt), desc(carts.id));
  if (!guestCarts.length) return;
  let [own] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, to));
  let rest = guestCarts.map((c) => c.id);
  if (!own) {
    const [newest, ...older] = rest;
    if (newest === undefined) return;
    await tx.update(carts).set({ userId: to }).where(eq(carts.id, newest));
    own = { id: newest };
    rest = older;
  }
  if (!rest.length) return;
  await tx.update(cartItems).set({ cartId: own.id }).where(inArray(cartItems.cartId, rest));
  await tx.delete(carts).where(and(inArray(carts.id, rest), inArray(carts.userId, from)));
}
