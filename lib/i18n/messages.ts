import de from "@/messages/de.json";
import en from "@/messages/en.json";
import type { Locale } from "./config";

export type Messages = typeof en;
const all: Record<Locale, Messages> = { de, en };

export function loadMessages(locale: Locale): Messages {
  return all[locale];
}

/** Looks up a dotted key ("errors.notFound") and fills {placeholders}; falls back to English, then the key. */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const lookup = (messages: Messages): string | undefined => {
    let node: unknown = messages;
    for (const part of key.split(".")) {
      if (node && typeof node === "object" && part in node) node = (node as Record<string, unknown>)[part];
      else return undefined;
    }
    return typeof node === "string" ? node : undefined;
  };
  const template = lookup(all[locale]) ?? lookup(en) ?? key;
  return params ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : template;
}
