import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import formatCompiled from "use-intl/format-message/format-only";
import { describe, expect, it } from "vitest";
import { loadCompiledMessages, loadMessages } from "@/lib/i18n/messages";
import { LOCALES } from "@/lib/i18n/config";

type Values = Record<string, string | number | Date | ((chunks: unknown[]) => string)>;

function leaves(node: unknown, prefix = ""): Array<[string, unknown]> {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

function argumentsOf(elements: MessageFormatElement[], out = new Map<string, Array<Values[string]>>()) {
  const add = (name: string, values: Array<Values[string]>) => out.set(name, [...new Set([...(out.get(name) ?? []), ...values])]);
  for (const el of elements) {
    if (el.type === TYPE.argument) add(el.value, ["Ada"]);
    else if (el.type === TYPE.number) add(el.value, [0, 1, 1234.5]);
    else if (el.type === TYPE.date || el.type === TYPE.time) add(el.value, [new Date("2026-11-27T09:30:00Z")]);
    else if (el.type === TYPE.plural) {
      add(el.value, [0, 1, 2, 5, 21]);
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    } else if (el.type === TYPE.select) {
      add(el.value, Object.keys(el.options));
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    } else if (el.type === TYPE.tag) {
      add(el.value, [(chunks: unknown[]) => `<${el.value}>${chunks.join("")}</${el.value}>`]);
      argumentsOf(el.children, out);
    }
  }
  return out;
}

function valueSets(args: Map<string, Array<Values[string]>>): Values[] {
  const base: Values = {};
  for (const [name, values] of args) base[name] = values[0] as Values[string];
  const sets = [base];
  for (const [name, values] of args) for (const value of values.slice(1)) sets.push({ ...base, [name]: value });
  return sets;
}

const text = (out: unknown) => (Array.isArray(out) ? out.join("") : String(out));
const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

describe("precompiled messages", () => {
  for (const locale of LOCALES) {
    it(`${locale}: every message reads the same compiled`, () => {
      const raw = leaves(loadMessages(locale));
      const compiled = new Map(leaves(loadCompiledMessages(locale)));
      expect([...compiled.keys()]).toEqual(raw.map(([key]) => key));
      let checked = 0;
      const differences: string[] = [];
      for (const [key, message] of raw) {
        if (typeof message !== "string") throw new Error(`${key} is not a string`);
        for (const values of valueSets(argumentsOf(parse(message)))) {
          const expected = text(new IntlMessageFormat(message, locale, undefined, { ignoreTag: false }).format(values));
          const options = { cache: {} as never, formatters: formatters as never, locale, timeZone: "Europe/Berlin" };
          const actual = text(formatCompiled(key, compiled.get(key) as never, values as never, options));
          if (actual !== expected)
            differences.push(`${key} ${JSON.stringify(values)}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
          checked++;
        }
      }
      expect(differences).toEqual([]);
      expect(checked).toBeGreaterThan(raw.length);
    });
  }

  it("holds only plain objects and arrays (React passes nothing else from a server to a client component)", () => {
    const odd: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (typeof node !== "object" || node === null) return;
      const proto = Object.getPrototypeOf(node);
      if (proto !== Object.prototype && proto !== Array.prototype) odd.push(at);
      for (const [key, value] of Object.entries(node)) visit(value, `${at}.${key}`);
    };
    for (const locale of LOCALES) visit(loadCompiledMessages(locale), locale);
    expect(odd).toEqual([]);
  });

  it("compiles once per language", () => {
    expect(loadCompiledMessages("de")).toBe(loadCompiledMessages("de"));
    expect(loadCompiledMessages("en")).not.toBe(loadMessages("en"));
  });
});
