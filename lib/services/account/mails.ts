import "server-only";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import type { MailLink, MailMessage } from "@/lib/integrations/mail";
import { linkMail } from "../mail/link-mail";

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
  link: string;
  mailLink: MailLink;
  minutes: number;
  hours?: number;
  shopName: string;
}): MailMessage {
  const tr = (key: string, params?: Record<string, string | number>) =>
    translate(opts.locale, `accountMail.${key}`, { shopName: opts.shopName, ...params });
  const keys = TEXT_KEYS[opts.kind];
  return linkMail({
    to: opts.to,
    locale: opts.locale,
    link: opts.link,
    mailLink: opts.mailLink,
    texts: {
      subject: tr(keys.subject),
      greeting: opts.firstName ? tr("greeting", { firstName: opts.firstName }) : tr("greetingNoName"),
      intro: tr(keys.intro),
      action: tr(keys.action),
      expiry: opts.hours ? tr("linkExpiryHours", { hours: opts.hours }) : tr("linkExpiry", { minutes: opts.minutes }),
      ignore: tr("ignore"),
      signature: tr("signature"),
    },
  });
}
