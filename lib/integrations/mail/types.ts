import "server-only";

import type { MailAttachment, MailKind, MailLinkKind } from "@/db/schema";

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
  orderId?: string | null;
  attachments?: MailAttachment[] | null;
  link?: MailLink | null;
}

export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}

export interface MailEnvelope extends Omit<MailMessage, "attachments" | "link"> {
  from: string;
  /** The Message-ID is derived from it, so the outbox file and the row match. */
  id: number;
  files?: MailFile[];
}

export interface MailTransport {
  readonly name: "smtp" | "outbox";
  deliver(message: MailEnvelope): Promise<void>;
}
