import "server-only";

import type { MailAttachment, MailKind, MailLinkKind } from "@/db/schema";

/** The link a mail carries: its token is issued when the mail is sent (lib/services/mail/links.ts). */
export interface MailLink {
  kind: MailLinkKind;
  subject: number | null;
  nonce: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  kind?: MailKind;
  /** The order the mail is about (timeline, admin outbox). */
  orderId?: string | null;
  /** Resolved to files when the mail is sent (lib/services/mail). */
  attachments?: MailAttachment[] | null;
  link?: MailLink | null;
}

export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Shown inside the HTML (`<img src="cid:…">`) instead of as a separate attachment. */
  cid?: string;
}

export interface MailEnvelope extends Omit<MailMessage, "attachments" | "link"> {
  from: string;
  /** outgoing_mail.id: the Message-ID is derived from it, so the outbox file and the row match. */
  id: number;
  files?: MailFile[];
}

/** Where messages go: an SMTP server, or the outbox folder on a machine without one. */
export interface MailTransport {
  readonly name: "smtp" | "outbox";
  deliver(message: MailEnvelope): Promise<void>;
}
