import "server-only";
import type { Db, Tx } from "@/db/client";
import { outgoingMail } from "@/db/schema";
import { env } from "@/lib/env";
import { createOutboxTransport } from "./outbox";
import { createSmtpTransport } from "./smtp";
import type { MailEnvelope, MailMessage, MailTransport } from "./types";

export type { MailEnvelope, MailFile, MailLink, MailMessage, MailTransport } from "./types";
export { deleteOutboxCopies, outboxDir } from "./outbox";

type Cached = { url: string | null; transport: MailTransport };
const holder = ((globalThis as { __shopMail?: { cached?: Cached } }).__shopMail ??= {});

export function getMailTransport(): MailTransport {
  const url = env().SMTP_URL ?? null;
  if (holder.cached?.url === url) return holder.cached.transport;
  const transport = url ? createSmtpTransport(url) : createOutboxTransport();
  holder.cached = { url, transport };
  return transport;
}

/** Queued in the caller's transaction, so it exists exactly when the change that causes it commits. */
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
      linkKind: message.link?.kind ?? null,
      linkSubject: message.link?.subject ?? null,
      linkNonce: message.link?.nonce ?? null,
    })
    .returning({ id: outgoingMail.id });
  if (!row) throw new Error("outgoing_mail insert returned no row");
  return row.id;
}

export async function transmit(message: Omit<MailEnvelope, "from">): Promise<void> {
  await getMailTransport().deliver({ ...message, from: env().MAIL_FROM });
}
