import "server-only";
import type { Locale } from "@/lib/i18n/config";
import type { MailLink, MailMessage } from "@/lib/integrations/mail";
import { escapeHtml } from "@/lib/security/html";

export interface LinkMailTexts {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  expiry: string;
  ignore: string;
  signature: string;
}

export function linkMail(opts: { to: string; locale: Locale; link: string; mailLink: MailLink; texts: LinkMailTexts }): MailMessage {
  const { subject, greeting, intro, action, expiry, ignore, signature } = opts.texts;
  const text = [greeting, "", intro, "", opts.link, "", expiry, "", ignore, "", signature].join("\n");
  const html = [
    `<!doctype html><html lang="${opts.locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1f2937">`,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;padding:10px 18px;background:#c2410c;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>`,
    `<p style="word-break:break-all;font-size:13px">${escapeHtml(opts.link)}</p>`,
    `<p>${escapeHtml(expiry)}</p><p>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { to: opts.to, subject, text, html, kind: "account", link: opts.mailLink };
}
