import "server-only";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import type { MailLink, MailMessage } from "@/lib/integrations/mail";
import { escapeHtml } from "@/lib/security/html";

/** In the owner's language, like the account mails: plain text plus simple HTML. */
export function staffInviteMail(opts: {
  to: string;
  firstName: string | null;
  inviter: string;
  locale: Locale;
  /** The address with linkPlaceholder(mailLink) where the token goes. */
  link: string;
  mailLink: MailLink;
  days: number;
}): MailMessage {
  const tr = (key: string, params?: Record<string, string | number>) => translate(opts.locale, `adminStaff.mail.${key}`, params);
  const greeting = opts.firstName ? tr("greeting", { firstName: opts.firstName }) : tr("greetingNoName");
  const subject = tr("subject");
  const intro = tr("intro", { inviter: opts.inviter });
  const expiry = tr("expiry", { days: opts.days });
  const ignore = tr("ignore");
  const signature = tr("signature");
  const text = [greeting, "", intro, "", opts.link, "", expiry, "", ignore, "", signature].join("\n");
  const html = [
    `<!doctype html><html lang="${opts.locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1f2937">`,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;padding:10px 18px;background:#c2410c;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(tr("action"))}</a></p>`,
    `<p style="word-break:break-all;font-size:13px">${escapeHtml(opts.link)}</p>`,
    `<p>${escapeHtml(expiry)}</p><p>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { to: opts.to, subject, text, html, kind: "account", link: opts.mailLink };
}
