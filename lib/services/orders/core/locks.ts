import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { orders, payments, type Order, type Payment } from "@/db/schema";

// Lock order everywhere: the order row first, then its payments.

export async function lockOrder(tx: Tx, orderId: string): Promise<Order | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row;
}

export async function lockedPayments(tx: Tx, orderId: string): Promise<Payment[]> {
  return tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)).for("update");
}

export async function lockPayment(tx: Tx, payment: Pick<Payment, "id" | "orderId">): Promise<Payment | undefined> {
  await lockOrder(tx, payment.orderId);
  const [row] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
  return row;
}
