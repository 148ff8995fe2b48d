import "server-only";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailEnvelope extends MailMessage {
  from: string;
  /** outgoing_mail.id: the Message-ID is derived from it, so the outbox file and the row match. */
  id: number;
}

/** Where messages go: an SMTP server, or the outbox folder on a machine without one. */
export interface MailTransport {
  readonly name: "smtp" | "outbox";
  deliver(message: MailEnvelope): Promise<void>;
}
