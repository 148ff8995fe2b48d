import { expect, test, type APIRequestContext } from "./fixtures";
import { hasOutlinedBoundary, markupBytes } from "../helpers/outlined-boundary";
import { designInCart, paidOrderViaApi, registerCustomer } from "./pages/shop-setup";

/**
 * The first paint of a storefront page is the page, not the loading screen (issue 12, Lighthouse on "/").
 *
 * Every screen renders inside the full-screen loading indicator's Suspense boundary (app/loading.tsx).
 * React sends ready content inline, except when the HTML flushed with it passes 12,800 bytes: then it
 * sends the loading screen first and the page as a separate part of the same answer, and the browser
 * shows the page no sooner than 300 ms after it painted the loading screen
 * (tests/unit/progressive-chunk.test.ts). This checks the production build's HTML of the storefront
 * pages — the start page for a first visit, and a signed-in customer's pages with an order and a cart —
 * in both languages. The start page's repeated parts use short classes for this (app/globals.css).
 */

type Language = "en" | "de";

async function html(request: APIRequestContext, path: string, language: Language): Promise<string> {
  const res = await request.get(path, { headers: { "Accept-Language": language }, maxRedirects: 0 });
  expect(res.status(), `${path} (${language})`).toBe(200);
  return res.text();
}

function expectInline(page: string, what: string) {
  expect(hasOutlinedBoundary(page), `${what}: the loading screen came first (page markup ${markupBytes(page)} bytes)`).toBe(false);
  expect(page, what).not.toContain('data-testid="loading-screen"');
}

test.describe("first paint", () => {
  test("the start page comes inline for a first visit, in English and German", async ({ request }) => {
    for (const language of ["en", "de"] as const) {
      const page = await html(request, "/", language);
      expect(page).toContain('data-testid="landing-styles"');
      expectInline(page, `/ (${language})`);
    }
  });

  test("a signed-in customer's storefront pages come inline, in English and German", async ({ request }) => {
    const customer = await registerCustomer(request);
    await paidOrderViaApi(request, customer);
    await designInCart(request, "customer");
    for (const language of ["en", "de"] as const) {
      for (const path of ["/", "/cart", "/checkout", "/orders", "/my-images", "/account"]) {
        expectInline(await html(request, path, language), `${path} (${language})`);
      }
    }
  });
});
