import { expect, test, type APIRequestContext } from "./fixtures";
import { hasOutlinedBoundary, markupBytes } from "../helpers/outlined-boundary";
import { designInCart, paidOrderViaApi, registerCustomer } from "./pages/shop-setup";

// Past 12,800 bytes of flushed HTML React paints the loading screen first (see progressive-chunk.test.ts).

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
