import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n/messages";
import { accentVariables, contrast, textOn } from "@/lib/domain/brand";

describe("{shopName} in mail texts", () => {
  it("is filled in one pass: a name that looks like a placeholder stays as typed", () => {
    const subject = translate("en", "receipt.mailSubject", { shopName: "{orderNumber}", orderNumber: "{shopName}" });
    expect(subject).toBe("Your {orderNumber} order {shopName}");
    expect(translate("de", "orderMail.signature", { shopName: "{shopName}{firstName}" })).toBe("Dein {shopName}{firstName}-Team");
  });

  it("replacement patterns in a name are not expanded", () => {
    expect(translate("en", "accountMail.signature", { shopName: "$& $1 $$ $`" })).toBe("Your $& $1 $$ $` team");
  });

  it("every text that named the shop now takes the parameter", () => {
    for (const locale of ["de", "en"] as const) {
      for (const key of ["receipt.mailSignature", "orderMail.shippedSubject", "accountMail.resetSubject", "adminStaff.mail.subject"]) {
        const text = translate(locale, key, { shopName: "Zauberbecher", orderNumber: "1" });
        expect(text, key).toContain("Zauberbecher");
        expect(text, key).not.toContain("MugMagic");
      }
    }
  });
});

describe("the accent colour", () => {
  it("text on it is white or black, whichever reads better", () => {
    expect(textOn("#c2410c")).toBe("#ffffff");
    expect(textOn("#fde047")).toBe("#000000");
    expect(textOn("#ffffff")).toBe("#000000");
    expect(textOn("#000000")).toBe("#ffffff");
  });

  it("links (brand-700) read on white and on the pale tint, focus rings (brand-500) on white, even for a pale colour", () => {
    for (const colour of ["#fde047", "#ffffff", "#a7f3d0", "#c2410d", "#000000"]) {
      const vars = accentVariables(colour);
      expect(contrast(vars["--color-brand-700"] ?? "", "#ffffff"), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrast(vars["--color-brand-700"] ?? "", vars["--color-brand-100"] ?? ""), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrast(vars["--color-brand-500"] ?? "", "#ffffff"), colour).toBeGreaterThanOrEqual(3);
      expect(contrast(vars["--color-brand-600"] ?? "", vars["--color-brand-contrast"] ?? ""), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("the default colour sets no variables: the stylesheet's hand-tuned palette applies", () => {
    expect(accentVariables("#c2410c")).toEqual({});
    expect(accentVariables("#C2410C")).toEqual({});
    expect(Object.keys(accentVariables("#0f766e"))).toContain("--color-brand-700");
  });
});
