import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "@/lib/callback-url";

// What a browser does with the value: window.location.assign(path) resolves it against the page.
const SHOP = "https://shop.example";
const landsOn = (path: string) => new URL(path, SHOP).origin;

describe("safeCallbackPath – the page to return to after login stays on the shop", () => {
  const accepted: [raw: string, expected: string][] = [
    ["/admin", "/admin"],
    ["/admin/vat", "/admin/vat"],
    ["/cart?step=2", "/cart?step=2"],
    ["/editor#preview", "/editor#preview"],
    ["/my-images?page=2&sort=-createdAt", "/my-images?page=2&sort=-createdAt"],
    ["/orders/../cart", "/cart"],
    ["/search?q=caf%C3%A9", "/search?q=caf%C3%A9"],
  ];
  for (const [raw, expected] of accepted) {
    it(`accepts ${JSON.stringify(raw)} → ${expected}`, () => {
      const path = safeCallbackPath(raw);
      expect(path).toBe(expected);
      expect(landsOn(path ?? "")).toBe(SHOP);
    });
  }

  const refused: string[] = [
    "/%09/evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\n/evil.com",
    "/ /evil.com",
    "\t//evil.com",
    " //evil.com",
    "//evil.com",
    "///evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "\\/evil.com",
    "/%5Cevil.com",
    "/%5cevil.com",
    "/%2Fevil.com",
    "/%2fevil.com",
    "%2F%2Fevil.com",
    "/%252F/evil.com",
    "/%0A/evil.com",
    "/%00/evil.com",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "/javascript:alert(1)/../..//evil.com",
    "data:text/html,<script>alert(1)</script>",
    "https://evil.com",
    "https://evil.com/admin",
    "http:evil.com",
    "https:/evil.com",
    "//shop.example@evil.com",
    "/\u3000/evil.com",
    "evil.com",
    "admin",
    "",
    "/login",
    "/login?callbackUrl=%2Fadmin",
    "/login/",
  ];
  for (const raw of refused) {
    it(`refuses ${JSON.stringify(raw)}`, () => {
      expect(safeCallbackPath(raw)).toBeNull();
    });
  }

  it("refuses missing and repeated values unless the first one is safe", () => {
    expect(safeCallbackPath(undefined)).toBeNull();
    expect(safeCallbackPath(null)).toBeNull();
    expect(safeCallbackPath([])).toBeNull();
    expect(safeCallbackPath(["//evil.com", "/admin"])).toBeNull();
    expect(safeCallbackPath(["/admin", "//evil.com"])).toBe("/admin");
  });

  it("never returns a value a browser would resolve to another origin", () => {
    for (const raw of [...refused, ...accepted.map(([r]) => r)]) {
      const path = safeCallbackPath(raw);
      if (path !== null) expect(landsOn(path), raw).toBe(SHOP);
    }
  });
});
