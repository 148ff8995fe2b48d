import { createElement, type ComponentProps, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import de from "@/messages/de.json";
import { RequiredMark, TextAreaField, TextField } from "@/components/ui/form-field";

const html = (el: ReactElement, locale: "en" | "de" = "en") =>
  renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, timeZone: "UTC", messages: locale === "en" ? en : de } as ComponentProps<typeof NextIntlClientProvider>,
      el,
    ),
  );
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("kit text fields refuse rather than cut", () => {
  const long = "x".repeat(300);

  it("a name field with a maxLength does not let the browser cut a pasted 300-character name", () => {
    const out = html(createElement(TextField, { label: "Name", counter: true, maxLength: 255, value: long, onChange: () => {} }));
    expect(out).not.toMatch(/maxlength=/i);
  });

  it("over the limit the field is invalid and says so with the counter's message", () => {
    const out = html(createElement(TextField, { id: "n", label: "Name", counter: true, maxLength: 255, value: long, onChange: () => {} }));
    expect(out).toContain('aria-invalid="true"');
    expect(text(out)).toContain("300/255 characters – at most 255 allowed");
    const withError = html(
      createElement(TextField, {
        id: "n",
        label: "Name",
        counter: true,
        maxLength: 255,
        value: long,
        error: "Name must be at most 255 characters",
        onChange: () => {},
      }),
    );
    expect(text(withError)).toContain("300/255 characters – at most 255 allowed");
    expect(text(withError)).not.toContain("Name must be at most 255 characters");
  });

  it("within the limit the counter shows n/max and the field is valid", () => {
    const out = html(
      createElement(TextField, { id: "n", label: "Name", counter: true, maxLength: 255, value: "Tassen", onChange: () => {} }),
    );
    expect(out).toContain('aria-invalid="false"');
    expect(text(out)).toContain("6/255");
  });

  it("a text area with a maxLength refuses too, in German", () => {
    const out = html(
      createElement(TextAreaField, { id: "d", label: "Beschreibung", maxLength: 1000, value: "y".repeat(1001), onChange: () => {} }),
      "de",
    );
    expect(out).not.toMatch(/maxlength=/i);
    expect(out).toContain('aria-invalid="true"');
    expect(text(out)).toContain("1001/1000 Zeichen – höchstens 1000 erlaubt");
  });
});

describe("required marker", () => {
  it("every kit field marks a required field the same way and tells assistive technology", () => {
    const out = html(createElement(TextField, { id: "n", label: "Name", required: true, value: "", onChange: () => {} }));
    expect(out).toMatch(/<label[^>]*class="label req"/);
    expect(html(createElement(RequiredMark))).toBe('<span class="req"></span>');
    expect(out).toContain('aria-required="true"');
    expect(out).not.toMatch(/required=""/);
  });
});
