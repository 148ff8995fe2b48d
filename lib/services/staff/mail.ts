import "server-only";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import type { MailLink, MailMessage } from "@/lib/integrations/mail";
import { linkMail } from "../mail/link-mail";

export function staffInviteMail(opts: {
  to: string;
  firstName: string | null;
  inviter: string;
  locale: Locale;
  link: string;
  mailLink: MailLink;
  days: number;
  shopName: string;
}): MailMessage {
  const tr = (key: string, params?: Record<string, string | number>) =>
    translate(opts.locale, `adminStaff.mail.${key}`, { shopName: opts.shopName, ...params });
  return linkMail({
    to: opts.to,
    locale: opts.locale,
    link: opts.link,
    mailLink: opts.mailLink,
    texts: {
      subject: tr("subject"),
      greeting: opts.firstName ? tr("greeting", { firstName: opts.firstName }) : tr("greetingNoName"),
      intro: tr("intro", { inviter: opts.inviter }),
      action: tr("action"),
      expiry: tr("expiry", { days: opts.days }),
      ignore: tr("ignore"),
      signature: tr("signature"),
    },
  });
}
