import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { DEFAULT_LOCALE, LOCALES, isLocale, localeFromCookieHeader, resolveLocale, type Locale } from "@/lib/i18n/config";
import { loadMessages, translate } from "@/lib/i18n/messages";

function leaves(node: unknown, prefix = ""): [string, unknown][] {
  if (node && typeof node === "object" && !Array.isArray(node)) {
    return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [[prefix, node]];
}

const placeholders = (text: string): string[] => {
  const names: string[] = [];
  // An argument starts with "{" followed by a name and then "}" or ","; a plural branch's text ({Cart, # items}) is a
  // branch body, which follows a selector (=0, one, other …) rather than standing as an argument.
  const re = /(=\d+|zero|one|two|few|many|other)?\s*\{\s*(\w+)\s*([},])/g;
  for (const m of text.matchAll(re)) if (!m[1]) names.push(m[2] ?? "");
  return [...new Set(names)].sort();
};

const deLeaves = new Map(leaves(de));
const enLeaves = new Map(leaves(en));

describe("messages/de.json and messages/en.json", () => {
  it("have exactly the same keys (deep)", () => {
    const deKeys = [...deLeaves.keys()].sort();
    const enKeys = [...enLeaves.keys()].sort();
    expect(
      deKeys.filter((k) => !enLeaves.has(k)),
      "keys only in de.json",
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !deLeaves.has(k)),
      "keys only in en.json",
    ).toEqual([]);
    expect(deKeys).toEqual(enKeys);
    expect(enKeys.length).toBeGreaterThan(50);
  });

  it("every value is a non-empty string", () => {
    for (const [file, map] of [
      ["de", deLeaves],
      ["en", enLeaves],
    ] as const) {
      for (const [key, value] of map) {
        expect(typeof value, `${file}:${key}`).toBe("string");
        expect(String(value).trim(), `${file}:${key}`).not.toBe("");
      }
    }
  });

  it("every key has the same {placeholders} in both languages", () => {
    for (const [key, enValue] of enLeaves) {
      const deValue = deLeaves.get(key);
      expect(placeholders(String(deValue)), key).toEqual(placeholders(String(enValue)));
    }
  });

  it("the German texts are translated, not copies of the English ones (spot check)", () => {
    expect(translate("de", "errors.notFound")).not.toBe(translate("en", "errors.notFound"));
    expect(translate("de", "login.invalidCredentials")).not.toBe("Invalid email or password");
  });

  it("the spec's English catalogue texts are present", () => {
    expect(translate("en", "login.invalidCredentials")).toBe("Invalid email or password");
    expect(translate("en", "login.error")).toBe("An error occurred during login");
    expect(translate("en", "apiClient.authenticationRequired")).toBe("Authentication required");
    expect(translate("en", "apiClient.httpError", { code: 500 })).toBe("HTTP error! status: 500");
    expect(translate("en", "apiClient.unknownError")).toBe("An error occurred");
    expect(translate("en", "apiClient.fetchFailed")).toBe("Failed to fetch data");
    expect(translate("en", "validation.invalidEmail")).toBe("Invalid email format");
  });
});

describe("resolveLocale (spec section 1)", () => {
  const cases: { title: string; stored: string | null | undefined; browser: string | null | undefined; expected: Locale }[] = [
    { title: "stored de wins over an English browser", stored: "de", browser: "en-US", expected: "de" },
    { title: "stored en wins over a German browser", stored: "en", browser: "de-DE", expected: "en" },
    { title: "no preference, browser de → de", stored: null, browser: "de", expected: "de" },
    { title: "no preference, browser de-AT → de", stored: null, browser: "de-AT", expected: "de" },
    { title: "no preference, browser de-CH with q-list → de", stored: undefined, browser: "de-CH,de;q=0.9,en;q=0.8", expected: "de" },
    { title: "no preference, upper-case DE-de → de", stored: null, browser: "DE-de", expected: "de" },
    { title: "no preference, browser fr → en", stored: null, browser: "fr-FR", expected: "en" },
    { title: "no preference, browser en first even if de follows → en", stored: null, browser: "en-GB,de;q=0.8", expected: "en" },
    { title: "no preference and no browser language → en", stored: null, browser: null, expected: "en" },
    { title: "empty browser language → en", stored: "", browser: "", expected: "en" },
    { title: "invalid stored value is ignored (browser de)", stored: "fr", browser: "de-AT", expected: "de" },
    { title: "invalid stored value is ignored (browser en)", stored: "german", browser: "en", expected: "en" },
    { title: "stored value is case-sensitive: DE is not a stored locale", stored: "DE", browser: "en", expected: "en" },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(resolveLocale(c.stored, c.browser)).toBe(c.expected);
    });
  }

  it("locales are de and en, English is the default", () => {
    expect([...LOCALES].sort()).toEqual(["de", "en"]);
    expect(DEFAULT_LOCALE).toBe("en");
    expect(isLocale("de")).toBe(true);
    expect(isLocale("en")).toBe(true);
    expect(isLocale("fr")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(isLocale(1)).toBe(false);
  });
});

describe("localeFromCookieHeader", () => {
  const cases: { title: string; cookie: string | null; acceptLanguage: string | null; expected: Locale }[] = [
    { title: "NEXT_LOCALE=de alone", cookie: "NEXT_LOCALE=de", acceptLanguage: "en", expected: "de" },
    {
      title: "NEXT_LOCALE=en among other cookies beats a German browser",
      cookie: "a=1; NEXT_LOCALE=en; b=2",
      acceptLanguage: "de-DE",
      expected: "en",
    },
    { title: "NEXT_LOCALE=de as the last cookie", cookie: "shop.session-token=xyz;NEXT_LOCALE=de", acceptLanguage: null, expected: "de" },
    { title: "no cookie header: the browser language decides (de-AT)", cookie: null, acceptLanguage: "de-AT,de;q=0.9", expected: "de" },
    { title: "no cookie header and no Accept-Language → en", cookie: null, acceptLanguage: null, expected: "en" },
    { title: "an invalid NEXT_LOCALE is ignored", cookie: "NEXT_LOCALE=fr", acceptLanguage: "de", expected: "de" },
    {
      title: "a cookie whose name only ends with NEXT_LOCALE does not count",
      cookie: "MY_NEXT_LOCALE=de",
      acceptLanguage: "en",
      expected: "en",
    },
    { title: "other cookies only → browser language", cookie: "theme=dark", acceptLanguage: "fr", expected: "en" },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(localeFromCookieHeader(c.cookie, c.acceptLanguage)).toBe(c.expected);
    });
  }
});

describe("translate", () => {
  it("looks up dotted keys in the requested language", () => {
    expect(translate("en", "errors.notFound")).toBe(en.errors.notFound);
    expect(translate("de", "errors.notFound")).toBe(de.errors.notFound);
    expect(loadMessages("de")).toBe(de);
    expect(loadMessages("en")).toBe(en);
  });

  it("fills {placeholders} with strings and numbers, in both languages", () => {
    expect(translate("en", "admin.dashboard.welcome", { name: "Ada" })).toBe("Welcome, Ada");
    expect(translate("de", "admin.dashboard.welcome", { name: "Ada" })).toBe("Willkommen, Ada");
    expect(translate("en", "errors.imageTooLarge", { maxMb: 4 })).toBe("The image is too large (maximum 4 MB)");
    expect(translate("de", "errors.imageTooLarge", { maxMb: 4 })).toBe("Das Bild ist zu groß (höchstens 4 MB)");
    expect(translate("en", "apiClient.httpError", { code: 404 })).toBe("HTTP error! status: 404");
    expect(translate("de", "apiClient.httpError", { code: 404 })).toContain("404");
  });

  it("leaves a placeholder without a value as it is, and ignores extra values", () => {
    expect(translate("en", "admin.dashboard.welcome")).toBe("Welcome, {name}");
    expect(translate("en", "admin.dashboard.welcome", {})).toBe("Welcome, {name}");
    expect(translate("en", "errors.notFound", { unused: 1 })).toBe("Not found");
  });

  it("falls back to English when the language has no text, then to the key itself", () => {
    // A language without a message table (e.g. a value that slipped past validation) gets English.
    expect(translate("fr" as Locale, "errors.notFound")).toBe("Not found");
    expect(translate("fr" as Locale, "admin.dashboard.welcome", { name: "Ada" })).toBe("Welcome, Ada");
    expect(translate("de", "errors.doesNotExist")).toBe("errors.doesNotExist");
    expect(translate("en", "nope")).toBe("nope");
  });

  it("a key naming a group rather than a text, or going past a text, answers the key", () => {
    expect(translate("en", "errors")).toBe("errors");
    expect(translate("de", "errors.notFound.deeper")).toBe("errors.notFound.deeper");
  });
});
