import "server-only";
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { outgoingMail, type MailAttachment } from "@/db/schema";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { transmit, type MailFile } from "@/lib/integrations/mail";
import { invoicePdf } from "../invoices/pdf";
import { orderLineMockupBytes, orderLinePictureBytes } from "../images/mockups/mail";
import { withLinkToken } from "./links";

/** A mail is claimed before it is sent, so app instances never send it twice at the same time. */

type MailRow = typeof outgoingMail.$inferSelect;
export type DeliveryResult = "sent" | "failed" | "skipped";

export interface MailOutcome {
  mailId: number;
  orderId: string | null;
  kind: MailRow["kind"];
  attempt: number;
  error: string | null;
  nextAttemptAt: Date | null;
}

export type OnMailSettled = (tx: Tx, outcome: MailOutcome) => Promise<void>;

const recordNothing: OnMailSettled = async () => {};

const MINUTE = 60_000;
const CLAIM_MS = 15 * MINUTE;
const ORPHAN_AFTER_MS = MINUTE;
const MAX_PAUSE_MINUTES = 6 * 60;
const RETRY_BATCH = 25;
const PARALLEL_SENDS = 5;

export function retryPauseMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), MAX_PAUSE_MINUTES);
}

const claimSet = (now: Date) => ({ attempts: sql`${outgoingMail.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) });
const retryDue = (now: Date) => and(inArray(outgoingMail.status, ["queued", "failed"]), lte(outgoingMail.nextAttemptAt, now)) as SQL;
const neverTried = () => and(eq(outgoingMail.status, "queued"), isNull(outgoingMail.nextAttemptAt)) as SQL;

/** Never throws: a mail problem must not undo or fail the change that queued it. */
export async function deliverQueuedMail(id: number, onSettled: OnMailSettled = recordNothing): Promise<DeliveryResult> {
  try {
    const now = new Date();
    const db = await getDb();
    const [row] = await db
      .update(outgoingMail)
      .set(claimSet(now))
      .where(and(eq(outgoingMail.id, id), or(neverTried(), retryDue(now))))
      .returning();
    return row ? await send(row, onSettled) : "skipped";
  } catch (err) {
    logger.error("mail delivery failed", { mailId: id, err });
    return "failed";
  }
}

export async function deliverQueuedMails(ids: readonly number[], onSettled: OnMailSettled): Promise<void> {
  for (const id of ids) await deliverQueuedMail(id, onSettled);
}

export interface RetryOptions {
  now?: Date;
  limit?: number;
}

/** FOR UPDATE SKIP LOCKED, so two instances running passes at once never send one mail twice. */
export async function retryDueMail(onSettled: OnMailSettled, opts: RetryOptions = {}): Promise<{ sent: number; failed: number }> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? RETRY_BATCH;
  const db = await getDb();
  const orphaned = and(neverTried(), lte(outgoingMail.createdAt, new Date(now.getTime() - ORPHAN_AFTER_MS)));
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outgoingMail.id })
      .from(outgoingMail)
      .where(or(retryDue(now), orphaned))
      .orderBy(asc(outgoingMail.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outgoingMail)
      .set(claimSet(now))
      .where(
        inArray(
          outgoingMail.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  const counts = { sent: 0, failed: 0 };
  const queue = [...claimed].sort((a, b) => a.id - b.id);
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) counts[(await send(row, onSettled, opts.now)) === "sent" ? "sent" : "failed"]++;
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, queue.length) }, worker));
  return counts;
}

/** A file that cannot be made fails the attempt: a mail never goes out without its attachment. */
async function resolveAttachments(attachments: MailAttachment[] | null): Promise<MailFile[]> {
  const files: MailFile[] = [];
  for (const attachment of attachments ?? []) {
    if (attachment.type === "mockup") {
      const picture = await orderLineMockupBytes(attachment.orderItemId).catch(() => null);
      const design = picture ? null : await orderLinePictureBytes(attachment.orderItemId).catch(() => null);
      const file = picture ?? design;
      if (file)
        files.push({
          filename: `item-${attachment.orderItemId}.${file.extension}`,
          contentType: file.contentType,
          content: file.bytes,
          cid: attachment.cid,
        });
      continue;
    }
    try {
      const pdf = await invoicePdf(attachment.invoiceId);
      files.push({ filename: pdf.filename, contentType: "application/pdf", content: pdf.bytes });
    } catch (err) {
      throw new Error(`Attachment (invoice ${attachment.invoiceId}) could not be made: ${errorText(err)}`, { cause: err });
    }
  }
  return files;
}

async function send(row: MailRow, onSettled: OnMailSettled, clock?: Date): Promise<"sent" | "failed"> {
  let error: string | null = null;
  try {
    const files = await resolveAttachments(row.attachments);
    const { text, html } = await withLinkToken(row);
    await transmit({ id: row.id, to: row.to, subject: row.subject, text, html, files });
  } catch (err) {
    logger.error("mail delivery failed", { mailId: row.id, attempt: row.attempts, err });
    error = errorText(err).slice(0, 1000);
  }
  await settle(row, error, clock ?? new Date(), onSettled);
  return error === null ? "sent" : "failed";
}

async function settle(row: MailRow, error: string | null, now: Date, onSettled: OnMailSettled): Promise<void> {
  const givenUp = row.attempts >= env().MAIL_MAX_ATTEMPTS;
  const nextAttemptAt = error === null || givenUp ? null : new Date(now.getTime() + retryPauseMinutes(row.attempts) * MINUTE);
  const set =
    error === null
      ? { status: "sent" as const, sentAt: now, error: null, nextAttemptAt: null }
      : { status: "failed" as const, error, nextAttemptAt };
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.update(outgoingMail).set(set).where(eq(outgoingMail.id, row.id));
      await onSettled(tx, { mailId: row.id, orderId: row.orderId, kind: row.kind, attempt: row.attempts, error, nextAttemptAt });
    });
  } catch (err) {
    // What onSettled records may be lost (the order is gone), the mail's own state must not be.
    logger.error("recording the mail outcome failed", { mailId: row.id, err });
    await db
      .update(outgoingMail)
      .set(set)
      .where(eq(outgoingMail.id, row.id))
      .catch((updateErr: unknown) => logger.error("marking the mail did not work", { mailId: row.id, err: updateErr }));
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
