import "server-only";
/**
 * Refunds. PLACEHOLDER CONTRACT — being implemented in this change (commit, call the provider, record).
 */
import type { Refund } from "@/db/schema";
import type { Actor } from "./events";

export async function refundPayment(_paymentId: number, _opts: { amountCents?: number; reason: string; by: Actor; idempotencyKey?: string }): Promise<Refund | null> {
  throw new Error("refundPayment: not yet implemented");
}
