import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { outgoingMail } from "@/db/schema";
import { env } from "@/lib/env";
import { logger } from "@/lib/api/logger";
import { createOutboxTransport } from "./outbox";
import { createSmtpTransport } from "./smtp";
import type { MailMessage, MailTransport } from "./types";

export type { MailEnvelope, MailFile, MailMessage, MailTransport } from "./types";
export { outboxDir } from "./outbox";

type Cached = { url: string | null; transport: MailTransport };
const holder = ((globalThis as { __shopMail?: { cached?: Cached } }).__shopMail ??= {});

/** SMTP when SMTP_URL is set, else the outbox folder. */
export function getMailTransport(): MailTransport {
  const url = env().SMTP_URL ?? null;
  if (holder.cached?.url === url) return holder.cached.transport;
  const transport = url ? createSmtpTransport(url) : createOutboxTransport();
  holder.cached = { url, transport };
  return transport;
}

/**
 * Records a message as queued (inside the caller's transaction, so it exists exactly when the change
 * that causes it commits). Deliver it with deliverMail after the commit.
 */
export async function queueMail(db: Db | Tx, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(outgoingMail)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      status: "queued",
      kind: message.kind ?? "other",
      orderId: message.orderId ?? null,
      attachments: message.attachments ?? null,
    })
    .returning({ id: outgoingMail.id });
  if (!row) throw new Error("outgoing_mail insert returned no row");
  return row.id;
}

/**
 * Delivers a queued message and marks it sent or failed. Never throws: a mail problem must not undo
 * or fail the business action that queued it (the row keeps the error for the admin).
 */
export async function deliverMail(id: number): Promise<"sent" | "failed" | "skipped"> {
  const db = await getDb();
  const [row] = await db.select().from(outgoingMail).where(eq(outgoingMail.id, id));
  if (!row || row.status !== "queued") return "skipped";
  try {
    await getMailTransport().deliver({ id: row.id, from: env().MAIL_FROM, to: row.to, subject: row.subject, text: row.text, html: row.html });
    await db.update(outgoingMail).set({ status: "sent", sentAt: new Date(), error: null }).where(eq(outgoingMail.id, id));
    return "sent";
  } catch (err) {
    logger.error("mail delivery failed", { mailId: id, err });
    const message = err instanceof Error ? err.message : String(err);
    await db
      .update(outgoingMail)
      .set({ status: "failed", error: message.slice(0, 1000) })
      .where(eq(outgoingMail.id, id))
      .catch((updateErr: unknown) => logger.error("marking mail failed did not work", { mailId: id, err: updateErr }));
    return "failed";
  }
}

/** Queues and delivers one message at once (outside any transaction). */
export async function sendMail(message: MailMessage): Promise<"sent" | "failed" | "skipped"> {
  return deliverMail(await queueMail(await getDb(), message));
}
