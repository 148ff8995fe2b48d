import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { PromptStatusBadges } from "@/components/admin/prompts/prompt-status-badges";

const render = (active: boolean, archived: boolean) =>
  renderToStaticMarkup(
    // eslint-disable-next-line react/no-children-prop -- the provider's props type requires children
    createElement(NextIntlClientProvider, {
      locale: "en",
      messages: en,
      children: createElement(PromptStatusBadges, { active, archived }),
    }),
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("PromptStatusBadges", () => {
  it("an archived prompt shows only 'Archived', never 'Active' beside it", () => {
    expect(render(true, true)).toBe("Archived");
    expect(render(false, true)).toBe("Archived");
    expect(render(true, false)).toBe("Active");
    expect(render(false, false)).toBe("Inactive");
  });
});
