import "server-only";
import type { Locale } from "@/lib/i18n/config";
import { loadMessages, translate } from "@/lib/i18n/messages";
import type { Seller } from "@/lib/seller";

export interface LegalBlock {
  heading: string | null;
  lines: string[];
}
export interface LegalText {
  title: string;
  blocks: LegalBlock[];
}

type Section = Record<string, string>;

function fill(text: string, s: Seller, locale: Locale): string {
  const l = (key: string) => translate(locale, `legal.${key}`);
  const address = `${s.street.value}, ${s.postalCode.value} ${s.city.value}, ${s.country.value}`;
  const tags: Record<string, string> = {
    name: s.name.value,
    address,
    email: s.email.value,
    phone: s.phone.value,
    contact: `${s.name.value}, ${address}, ${l("phone")}: ${s.phone.value}, ${l("email")}: ${s.email.value}`,
    recipient: `${s.name.value}, ${address}, ${s.email.value}`,
  };
  return text
    .replace(/<([a-zA-Z]+)><\/\1>/g, (whole, tag: string) => tags[tag] ?? whole)
    .replace(/<([a-zA-Z]+)>(.*?)<\/\1>/g, (_, _tag: string, words: string) => words);
}

const paragraphs = (section: Section, s: Seller, locale: Locale) =>
  Object.entries(section)
    .filter(([key]) => key !== "title")
    .map(([, text]) => fill(text, s, locale));

export function legalText(page: "terms" | "withdrawal", locale: Locale, s: Seller): LegalText {
  const source = loadMessages(locale).legal[page] as unknown as {
    title: string;
    sections: Record<string, Section>;
    end?: string;
    form?: Section;
  };
  const blocks: LegalBlock[] = Object.values(source.sections).map((section) => ({
    heading: section.title ?? null,
    lines: paragraphs(section, s, locale),
  }));
  if (source.end) blocks.push({ heading: null, lines: [source.end] });
  if (source.form) blocks.push({ heading: source.form.title ?? null, lines: paragraphs(source.form, s, locale) });
  return { title: source.title, blocks };
}
