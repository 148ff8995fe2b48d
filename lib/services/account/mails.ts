import "server-only";
/** Written in the language of the request that asked for them, as plain text plus simple HTML like the order mails. */
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import type { MailLink, MailMessage } from "@/lib/integrations/mail";
import { escapeHtml } from "@/lib/security/html";

export type PasswordMailKind = "reset" | "setPassword" | "signIn" | "signUpExisting" | "confirmRegistration" | "confirmClaim";

const TEXT_KEYS: Record<PasswordMailKind, { subject: string; intro: string; action: string }> = {
  reset: { subject: "resetSubject", intro: "resetIntro", action: "action" },
  setPassword: { subject: "setPasswordSubject", intro: "setPasswordIntro", action: "action" },
  signIn: { subject: "signInSubject", intro: "signInIntro", action: "signInAction" },
  signUpExisting: { subject: "signUpExistingSubject", intro: "signUpExistingIntro", action: "action" },
  confirmRegistration: { subject: "confirmSubject", intro: "confirmIntro", action: "confirmAction" },
  confirmClaim: { subject: "confirmClaimSubject", intro: "confirmClaimIntro", action: "confirmClaimAction" },
};

export function passwordLinkMail(opts: {
  to: string;
  firstName: string | null;
  locale: Locale;
  kind: PasswordMailKind;
  /** The address with linkPlaceholder(mailLink) where the token goes. */
  link: string;
  mailLink: MailLink;
  minutes: number;
  hours?: number;
}): MailMessage {
  const tr = (key: string, params?: Record<string, string | number>) => translate(opts.locale, `accountMail.${key}`, params);
  const greeting = opts.firstName ? tr("greeting", { firstName: opts.firstName }) : tr("greetingNoName");
  const keys = TEXT_KEYS[opts.kind];
  const subject = tr(keys.subject);
  const intro = tr(keys.intro);
  const expiry = opts.hours ? tr("linkExpiryHours", { hours: opts.hours }) : tr("linkExpiry", { minutes: opts.minutes });
  const ignore = tr("ignore");
  const signature = tr("signature");
  const text = [greeting, "", intro, "", opts.link, "", expiry, "", ignore, "", signature].join("\n");
  const html = [
    `<!doctype html><html lang="${opts.locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1f2937">`,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;padding:10px 18px;background:#c2410c;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(tr(keys.action))}</a></p>`,
    `<p style="word-break:break-all;font-size:13px">${escapeHtml(opts.link)}</p>`,
    `<p>${escapeHtml(expiry)}</p><p>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { to: opts.to, subject, text, html, kind: "account", link: opts.mailLink };
}
