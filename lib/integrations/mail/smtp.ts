import "server-only";
import nodemailer from "nodemailer";
import { mailOptions } from "./compose";
import type { MailEnvelope, MailTransport } from "./types";

export function createSmtpTransport(url: string): MailTransport {
  // Bounded waits: a stuck server fails the message (status "failed") instead of hanging the caller.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    name: "smtp",
    async deliver(message: MailEnvelope): Promise<void> {
      await transporter.sendMail(mailOptions(message));
    },
  };
}
