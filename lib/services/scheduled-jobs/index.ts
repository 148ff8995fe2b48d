import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError, unauthenticated } from "@/lib/errors";
import { env } from "@/lib/env";
import { issueWaitingInvoices } from "../invoices/waiting";
import { retryDueMail } from "../mail/delivery";
import { recordMailOutcome } from "../orders/events";
import { retryOrphanRefunds } from "../orders/orphan-payments";
import { finishPendingRefunds } from "../orders/refunds";
import { deleteOrphanedMockups, retryDueMockups } from "../images";
import { expireUnpaidOrders } from "./expiry";
import { runRetention, type RetentionResult } from "./retention";

export { expireUnpaidOrders, type ExpiryScope } from "./expiry";
export { runRetention, type RetentionResult } from "./retention";

/** Equal-length digests for a constant-time comparison of tokens of any length. */
const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Without CRON_SECRET the jobs are switched off (503). */
export function assertCronCaller(authorization: string | null): void {
  const secret = env().CRON_SECRET;
  if (!secret) throw new ApiError(503, "errors.cronNotConfigured");
  const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(token), digest(secret))) throw unauthenticated();
}

export async function runScheduledJobs(authorization: string | null): Promise<{
  sent: number;
  failed: number;
  expiredOrders: number;
  finishedRefunds: number;
  orphanRefunds: number;
  issuedInvoices: number;
  retention: RetentionResult;
  mockups: { ready: number; failed: number; removed: number };
}> {
  assertCronCaller(authorization);
  const expiredOrders = await expireUnpaidOrders();
  const { settled: finishedRefunds } = await finishPendingRefunds();
  const orphanRefunds = await retryOrphanRefunds();
  // Invoices that waited for the seller's data, once it came another way (SELLER_* set and restarted).
  const issuedInvoices = await issueWaitingInvoices();
  const { sent, failed } = await retryDueMail(recordMailOutcome);
  const retention = await runRetention();
  const mockups = { ...(await retryDueMockups()), removed: await deleteOrphanedMockups() };
  return { sent, failed, expiredOrders, finishedRefunds, orphanRefunds, issuedInvoices, retention, mockups };
}
