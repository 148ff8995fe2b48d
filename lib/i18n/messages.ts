import compile from "icu-minify/compile";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import type { Locale } from "./config";

export type Messages = typeof en;
const all: Record<Locale, Messages> = { de, en };

export function loadMessages(locale: Locale): Messages {
  return all[locale];
}

type Tree = { [key: string]: string | Tree };
// Through JSON: icu-minify's null-prototype objects cannot pass from a server to a client component.
const compileText = (text: string): string => JSON.parse(JSON.stringify(compile(text))) as string;
const compileTree = (node: Tree): Tree =>
  Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, typeof value === "string" ? compileText(value) : compileTree(value)]),
  );

const compiled = new Map<Locale, Messages>();

export function loadCompiledMessages(locale: Locale): Messages {
  let messages = compiled.get(locale);
  if (!messages) {
    messages = compileTree(all[locale] as unknown as Tree) as unknown as Messages;
    compiled.set(locale, messages);
  }
  return messages;
}

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
