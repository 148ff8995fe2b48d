import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError, unauthenticated } from "@/lib/errors";
import { env } from "@/lib/env";
import { issueWaitingInvoices } from "../orders/invoicing/waiting";
import { retryDueMail } from "../mail/delivery";
import { recordMailOutcome } from "../orders/core/events";
import { retryOrphanRefunds } from "../orders/orphan-payments";
import { finishPendingRefunds } from "../orders/refunds";
import { deleteOrphanedMockups, retryDueMockups } from "../images";
import { expireUnpaidOrders } from "../orders/expiry";
import { releaseLease, renewLease, takeLease } from "./lease";
import { runRetention, type RetentionResult } from "./retention";

export { expireUnpaidOrders, type ExpiryScope } from "../orders/expiry";
export { runRetention, type RetentionResult } from "./retention";

/** Equal-length digests for a constant-time comparison. */
const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

export function assertCronCaller(authorization: string | null): void {
  const secret = env().CRON_SECRET;
  if (!secret) throw new ApiError(503, "errors.cronNotConfigured");
  const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(token), digest(secret))) throw unauthenticated();
}

export type ScheduledJobsResult = {
  sent: number;
  failed: number;
  expiredOrders: number;
  finishedRefunds: number;
  orphanRefunds: number;
  issuedInvoices: number;
  retention: RetentionResult;
  mockups: { ready: number; failed: number; removed: number };
};

const PASS_LEASE = "scheduled-jobs";

/** Each job is safe to run again, so a pass cut short is finished by the next one. */
export async function runScheduledPass(now = new Date()): Promise<ScheduledJobsResult | null> {
  const lease = await takeLease(PASS_LEASE, now);
  if (!lease) return null;
  const stillHeld = async () => {
    if (!(await renewLease(lease))) throw new Error("Scheduled jobs: the pass lease expired and was taken over");
  };
  try {
    const expiredOrders = await expireUnpaidOrders();
    await stillHeld();
    const { settled: finishedRefunds } = await finishPendingRefunds();
    await stillHeld();
    const orphanRefunds = await retryOrphanRefunds();
    await stillHeld();
    const issuedInvoices = await issueWaitingInvoices();
    await stillHeld();
    const { sent, failed } = await retryDueMail(recordMailOutcome);
    await stillHeld();
    const retention = await runRetention();
    await stillHeld();
    const mockups = { ...(await retryDueMockups()), removed: await deleteOrphanedMockups() };
    return { sent, failed, expiredOrders, finishedRefunds, orphanRefunds, issuedInvoices, retention, mockups };
  } finally {
    await releaseLease(lease);
  }
}

export async function runScheduledJobs(authorization: string | null): Promise<ScheduledJobsResult> {
  assertCronCaller(authorization);
  const result = await runScheduledPass();
  if (!result) throw new ApiError(409, "errors.scheduledJobsBusy");
  return result;
}
