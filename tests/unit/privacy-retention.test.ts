import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { RETENTION_DAYS } from "@/lib/services/scheduled-jobs/retention";

const sectionText = (messages: typeof en) => Object.values(messages.legal.privacy.sections.retention).join("\n");

describe("privacy page: how long data is kept", () => {
  for (const [lang, messages, words] of [
    [
      "en",
      en,
      {
        anonymous: /without an account[^\n]*\b7 days\b/,
        edited: /edited[^\n]*\b30 days\b/i,
        guest: /guest[^\n]*\b30 days\b/i,
        stripe: /Stripe[^\n]*\b30 days\b/,
        invoices: /10 years[^\n]*§ 147 AO[^\n]*§ 257 HGB/,
        staffInvitations: /invitation[^\n]*back office[^\n]*\b30 days\b/,
      },
    ],
    [
      "de",
      de,
      {
        anonymous: /ohne Kundenkonto[^\n]*\b7 Tage/,
        edited: /bearbeitet[^\n]*\b30 Tage/i,
        guest: /Gast[^\n]*\b30 Tage/,
        stripe: /Stripe[^\n]*\b30 Tage/,
        invoices: /10 Jahre[^\n]*§ 147 AO[^\n]*§ 257 HGB/,
        staffInvitations: /Einladung[^\n]*Backoffice[^\n]*\b30 Tage/,
      },
    ],
  ] as const) {
    it(`${lang}: states the automatic deletion periods and the statutory ones`, () => {
      const text = sectionText(messages);
      for (const [what, pattern] of Object.entries(words)) expect(text, what).toMatch(pattern);
      expect(RETENTION_DAYS).toEqual({
        anonymousImages: 7,
        editedImages: 30,
        guestAccounts: 30,
        webhookPayloads: 30,
        staffInvitations: 30,
      });
    });
  }
});
