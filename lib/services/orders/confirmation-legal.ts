import "server-only";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import { escapeHtml } from "@/lib/security/html";
import { loadSeller } from "../seller-settings/load";
import type { Queryable } from "./core/dto";
import { legalText, type LegalText } from "../legal-texts";

/** What § 312f Abs. 2 BGB requires on a durable medium, as it applied when the customer ordered. */
export async function confirmationLegal(db: Queryable, locale: Locale): Promise<{ text: string[]; html: string[] }> {
  const s = await loadSeller(db);
  const t = (key: string) => translate(locale, `receipt.${key}`);
  const i = (key: string) => translate(locale, `invoice.${key}`);
  const identity = [
    s.name.value,
    `${s.street.value}, ${s.postalCode.value} ${s.city.value}, ${s.country.value}`,
    `${i("email")}: ${s.email.value}`,
    `${i("phone")}: ${s.phone.value}`,
    ...(s.vatId.missing ? [] : [`${i("vatId")}: ${s.vatId.value}`]),
    ...(s.representative.missing ? [] : [`${i("representative")}: ${s.representative.value}`]),
    ...(s.register.missing ? [] : [`${i("register")}: ${s.register.value}`]),
  ];
  const texts = [legalText("terms", locale, s), legalText("withdrawal", locale, s)];
  const asText = (l: LegalText) => [
    l.title,
    "=".repeat(l.title.length),
    "",
    ...l.blocks.flatMap((b) => [...(b.heading ? [b.heading] : []), ...b.lines, ""]),
  ];
  const asHtml = (l: LegalText) =>
    `<h3 style="font-size:15px;margin:20px 0 6px">${escapeHtml(l.title)}</h3>` +
    l.blocks
      .map(
        (b) =>
          (b.heading ? `<p style="margin:10px 0 2px"><strong>${escapeHtml(b.heading)}</strong></p>` : "") +
          b.lines.map((line) => `<p style="margin:2px 0">${escapeHtml(line)}</p>`).join(""),
      )
      .join("");
  return {
    text: ["", "—".repeat(20), `${t("mailSeller")}:`, ...identity, "", t("mailLegalIntro"), "", ...texts.flatMap(asText)],
    html: [
      `<hr style="margin-top:24px"><div style="font-size:13px;color:#44403c">`,
      `<p><strong>${escapeHtml(t("mailSeller"))}</strong><br>${identity.map(escapeHtml).join("<br>")}</p>`,
      `<p>${escapeHtml(t("mailLegalIntro"))}</p>`,
      ...texts.map(asHtml),
      `</div>`,
    ],
  };
}
