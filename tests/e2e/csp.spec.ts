import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Page, type Response } from "./fixtures";
import { EditorPage } from "./pages/editor-page";
import { CartPage } from "./pages/cart-page";
import { CheckoutPage, OrderSuccessPage, TEST_CARDS } from "./pages/checkout-page";
import { ADMIN, LoginPage } from "./pages/login-page";
import { AdminArticlesPage } from "./pages/admin-articles-page";
import { paidOrderViaApi, registerCustomer } from "./pages/shop-setup";

type Violation = { directive: string; blocked: string; url: string };

async function watchCsp(page: Page): Promise<{ violations: Violation[]; consoleErrors: string[] }> {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeBinding("__cspViolation", (_source, v: Violation) => {
    violations.push(v);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (v: Violation) => void }).__cspViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        url: location.pathname,
      });
    });
  });
  page.on("console", (msg) => {
    const text = msg.text();
    if (msg.type() === "error" && /Content Security Policy/i.test(text)) consoleErrors.push(text);
    // Chromium warns about a Permissions-Policy feature it does not know.
    if (/Permissions-Policy header/i.test(text)) consoleErrors.push(text);
  });
  return { violations, consoleErrors };
}

function expectPageHeaders(res: Response | null, opts: { stripe: boolean }): string {
  if (!res) throw new Error("a navigation answer");
  const h = res.headers();
  const policy = h["content-security-policy"] ?? "";
  expect(policy, res.url()).toContain("frame-ancestors 'none'");
  expect(policy).toContain("'strict-dynamic'");
  expect(policy).not.toContain("'unsafe-eval'");
  if (opts.stripe) expect(policy).toContain("https://js.stripe.com");
  else expect(policy).not.toContain("stripe.com");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"]).toContain("camera=()");
  expect(h["strict-transport-security"]).toBeUndefined();
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) throw new Error(`no nonce in ${policy}`);
  return nonce;
}

async function visit(page: Page, url: string, opts: { stripe?: boolean } = {}) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBeLessThan(400);
  const nonce = expectPageHeaders(res, { stripe: opts.stripe ?? false });
  await page.waitForLoadState("networkidle");
  const nonced = await page
    .locator("script[src]")
    .evaluateAll((els, n) => els.filter((el) => (el as HTMLScriptElement).nonce === n).length, nonce);
  expect(nonced, `${url}: Next's scripts carry the nonce`).toBeGreaterThan(0);
  return nonce;
}

let dir = "";
let photoPath = "";

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "csp-e2e-"));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="100%" height="100%" fill="#264653"/><circle cx="800" cy="600" r="300" fill="#e76f51"/></svg>`;
  photoPath = path.join(dir, "photo.jpg");
  await writeFile(photoPath, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test.describe("Content-Security-Policy and security headers", () => {
  test("a customer's journey — editor, cart, checkout with payment, orders, my images, legal pages — raises no CSP violation", async ({
    page,
  }) => {
    const csp = await watchCsp(page);
    const email = `csp-${Date.now()}@example.com`;

    const first = await visit(page, "/");
    expect(await visit(page, "/")).not.toBe(first);

    await visit(page, "/editor");
    const editor = new EditorPage(page);
    await editor.upload(photoPath);
    await editor.next();
    await editor.chooseStyle("Watercolour");
    await editor.next();
    await editor.chooseMug("Classic Mug 250", "Red inside");
    await editor.next();
    await editor.fillPersonal({ email, firstName: "Cora", lastName: "Secure" });
    await editor.next();
    await editor.generate();
    await expect(editor.generatedImages().first()).toBeVisible();
    await editor.next();
    await editor.expectPreview();
    await editor.addToCart();
    await expect(page).toHaveURL(/\/cart$/);

    await visit(page, "/cart");
    const cart = new CartPage(page);
    await expect(cart.items()).toHaveCount(1);

    await visit(page, "/checkout", { stripe: true });
    const checkout = new CheckoutPage(page);
    await checkout.fillContact({ firstName: "Cora", lastName: "Secure" });
    await checkout.fillAddress("shipping", {
      firstName: "Cora",
      lastName: "Secure",
      street1: "Torstraße 1",
      city: "Berlin",
      postalCode: "10119",
    });
    await checkout.fillCard(TEST_CARDS.authentication);
    await checkout.acceptWaiver();
    await checkout.pay();
    await checkout.authenticate(true);
    const { orderId } = await new OrderSuccessPage(page).expectShown();
    await visit(page, `/order-success/${orderId}`);
    await visit(page, `/payment-failure?orderId=${orderId}`);

    await visit(page, "/orders");
    await expect(page.getByTestId("order-item").first()).toBeVisible();
    await visit(page, "/my-images");
    await expect(page.locator("img").first()).toBeVisible();

    for (const legal of ["/impressum", "/agb", "/datenschutz", "/widerruf"]) await visit(page, legal);
    const missing = await page.goto("/this-page-does-not-exist");
    expect(missing?.status()).toBe(404);
    expectPageHeaders(missing, { stripe: false });

    expect(csp.violations).toEqual([]);
    expect(csp.consoleErrors).toEqual([]);
  });

  test("the admin screens — sign-in, orders, an order, an article form with its tabs, and the rest — raise no CSP violation", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const csp = await watchCsp(page);
    const customer = await registerCustomer(page.request);
    await paidOrderViaApi(page.request, customer);
    await page.context().clearCookies();

    await visit(page, "/login?callbackUrl=%2Fadmin%2Forders");
    await new LoginPage(page).signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/orders$/);

    await visit(page, "/admin/orders");
    const firstOrder = page
      .locator('a[href^="/admin/orders/"]')
      .filter({ hasNotText: /history|Verlauf/i })
      .first();
    const href = await firstOrder.getAttribute("href");
    if (!href) throw new Error("an order link on /admin/orders");
    await visit(page, href);
    await visit(page, "/admin/orders/history");

    const articles = new AdminArticlesPage(page);
    await visit(page, "/admin/articles");
    await visit(page, "/admin/articles/new");
    await articles.goto();
    await articles.openFromList("Classic Mug 250");
    for (const tab of ["general", "mug", "price", "variants"] as const) await articles.openTab(tab);

    for (const p of [
      "/admin",
      "/admin/article-categories",
      "/admin/suppliers",
      "/admin/suppliers/new",
      "/admin/vat",
      "/admin/vat/new",
      "/admin/prompts",
      "/admin/prompts/new",
      "/admin/prompt-categories",
      "/admin/slot-types",
      "/admin/slot-variants",
      "/admin/slot-variants/new",
      "/admin/prompt-tester",
      "/admin/mail",
      "/admin/logistics",
    ]) {
      await visit(page, p);
    }

    expect(csp.violations).toEqual([]);
    expect(csp.consoleErrors).toEqual([]);
  });

  test("the policy is enforced: injected markup with an inline handler does not run and is reported", async ({ page }) => {
    const csp = await watchCsp(page);
    await visit(page, "/impressum");
    await page.evaluate(() => {
      document.body.insertAdjacentHTML("beforeend", '<img id="injected" src="/no-such-image.png" onerror="window.__injected = true">');
    });
    await expect.poll(() => csp.violations.length).toBeGreaterThan(0);
    expect(csp.violations[0]?.directive).toMatch(/^script-src/);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true)).toBe(false);
  });

  test("API answers carry nosniff; Auth.js is not mounted", async ({ request }) => {
    const health = await request.get("/api/health");
    expect(health.headers()["x-content-type-options"]).toBe("nosniff");
    expect(health.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    for (const p of ["/api/authjs/csrf", "/api/authjs/providers", "/api/authjs/session"]) {
      expect((await request.get(p)).status(), p).toBe(404);
    }
    const callback = await request.post("/api/authjs/callback/credentials", { form: { email: ADMIN.email, password: ADMIN.password } });
    expect(callback.status()).toBe(404);
    expect(callback.headers()["set-cookie"]).toBeUndefined();
  });
});
