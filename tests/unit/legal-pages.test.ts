import { createElement, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import type { Seller, SellerField } from "@/lib/seller";
import { translate } from "@/lib/i18n/messages";
import { legalTags } from "@/components/shop/legal/seller-tags";

const VARIABLES = {
  name: "SELLER_NAME",
  street: "SELLER_STREET",
  postalCode: "SELLER_POSTAL_CODE",
  city: "SELLER_CITY",
  country: "SELLER_COUNTRY",
  email: "SELLER_EMAIL",
  phone: "SELLER_PHONE",
  vatId: "SELLER_VAT_ID",
  taxNumber: "SELLER_TAX_NUMBER",
  representative: "SELLER_REPRESENTATIVE",
  register: "SELLER_REGISTER",
} as const;

const SET: Record<keyof typeof VARIABLES, string> = {
  name: "Tassenwerk GmbH",
  street: "Kastanienallee 12",
  postalCode: "10435",
  city: "Berlin",
  country: "Deutschland",
  email: "hallo@tassenwerk.example",
  phone: "+49 30 555000",
  vatId: "DE123456789",
  taxNumber: "30/123/45678",
  representative: "Erika Muster",
  register: "Amtsgericht Charlottenburg, HRB 123456",
};

function sellerWith(values: Partial<typeof SET>): Seller {
  const fields = Object.fromEntries(
    Object.entries(VARIABLES).map(([key, variable]) => {
      const value = values[key as keyof typeof SET];
      const field: SellerField = value ? { value, missing: false } : { value: `[${variable} not set]`, missing: true };
      return [key, field];
    }),
  ) as Omit<Seller, "complete">;
  return { ...fields, complete: false };
}

function legalKeys(node: unknown, prefix: string): string[] {
  if (typeof node === "string") return /\{\w+\}/.test(node) ? [] : [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => legalKeys(v, `${prefix}.${k}`));
}

function render(locale: "de" | "en", seller: Seller, key: string): string {
  const messages = locale === "de" ? de : en;
  const t = createTranslator({
    locale,
    messages,
    onError: (err) => {
      throw err;
    },
  });
  const tags = legalTags(seller, {
    notSet: (variable) => t("legal.notSet", { variable }),
    phone: t("legal.phone"),
    email: t("legal.email"),
  });
  const node = t.rich(key as Parameters<typeof t.rich>[0], tags) as ReactNode;
  return renderToStaticMarkup(createElement(Fragment, null, node));
}

const keys = legalKeys(en.legal, "legal");

describe("legal texts (Impressum, AGB, Datenschutz, Widerrufsbelehrung)", () => {
  it("have the same keys in both languages and cover all four pages", () => {
    expect(legalKeys(de.legal, "legal")).toEqual(keys);
    for (const page of ["imprint", "terms", "privacy", "withdrawal"])
      expect(
        keys.some((k) => k.startsWith(`legal.${page}.`)),
        page,
      ).toBe(true);
  });

  for (const locale of ["de", "en"] as const) {
    it(`${locale}: every text renders with the seller tags (no unknown tag, no raw markup left)`, () => {
      for (const key of keys) {
        const html = render(locale, sellerWith(SET), key);
        expect(html, key).not.toMatch(/<(contact|recipient|name|address|email|phone|terms|privacy|withdrawal|imprint|b)>/);
        expect(html, key).not.toContain("not set");
      }
    });

    it(`${locale}: set values appear in the contact of the Widerrufsbelehrung, unset ones as marked placeholders`, () => {
      const full = render(locale, sellerWith(SET), "legal.withdrawal.sections.right.p3");
      for (const key of ["name", "street", "postalCode", "city", "country", "phone", "email"] as const) expect(full).toContain(SET[key]);
      expect(full).not.toContain("seller-placeholder");

      const partial = render(locale, sellerWith({ name: SET.name, city: SET.city }), "legal.withdrawal.sections.right.p3");
      expect(partial).toContain(SET.name);
      expect(partial).toContain(SET.city);
      const notSet = locale === "de" ? "nicht gesetzt" : "not set";
      for (const variable of ["SELLER_STREET", "SELLER_POSTAL_CODE", "SELLER_PHONE", "SELLER_EMAIL"]) {
        expect(partial).toContain(`data-variable="${variable}"`);
        expect(partial).toContain(`[${variable} ${notSet}]`);
      }
      expect(partial).not.toContain('data-variable="SELLER_NAME"');
    });

    it(`${locale}: the model withdrawal form is addressed to the seller with name, address and email`, () => {
      const html = render(locale, sellerWith(SET), "legal.withdrawal.form.l1");
      for (const key of ["name", "street", "postalCode", "city", "email"] as const) expect(html).toContain(SET[key]);
      expect(html).not.toContain(SET.phone);
    });
  }

  it("the Widerrufsbelehrung keeps the statutory model sentences (Anlage 1 zu Art. 246a EGBGB) and states the exclusion of § 312g Abs. 2 Nr. 1 BGB", () => {
    const w = de.legal.withdrawal;
    expect(w.sections.right.p1).toBe("Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.");
    expect(w.sections.right.p4).toBe(
      "Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.",
    );
    expect(w.sections.effects.p4).toBe("Sie tragen die unmittelbaren Kosten der Rücksendung der Waren.");
    expect(w.sections.exclusion.p1).toContain("(§ 312g Abs. 2 Nr. 1 BGB)");
    expect(w.form.title).toBe("Muster-Widerrufsformular");
    expect(w.form.p2).toBe("(*) Unzutreffendes streichen.");
    expect(en.legal.withdrawal.sections.right.p1).toBe(
      "You have the right to withdraw from this contract within fourteen days without giving any reason.",
    );
  });

  it("the order button and the AGB name the same button text (§ 312j Abs. 3 BGB)", () => {
    expect(translate("de", "checkout.placeOrder")).toBe("Zahlungspflichtig bestellen");
    expect(translate("en", "checkout.placeOrder")).toBe("Place order and pay");
    expect(de.legal.terms.sections.contract.p3).toContain("„Zahlungspflichtig bestellen“");
    expect(en.legal.terms.sections.contract.p3).toContain("“Place order and pay” (in German: “Zahlungspflichtig bestellen”)");
  });
});
