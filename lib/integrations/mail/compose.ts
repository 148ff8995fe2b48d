import "server-only";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import type { MailEnvelope } from "./types";

function senderDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? "localhost";
}

export function mailOptions(message: MailEnvelope): Mail.Options {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    attachments: message.files?.map((f) => ({
      filename: f.filename,
      contentType: f.contentType,
      content: f.content,
      ...(f.cid ? { cid: f.cid, contentDisposition: "inline" as const } : {}),
    })),
    messageId: `<mail-${message.id}@${senderDomain(message.from)}>`,
    date: new Date(),
  };
}

export function composeRfc822(message: MailEnvelope): Promise<Buffer> {
  return new MailComposer(mailOptions(message)).compile().build();
}
