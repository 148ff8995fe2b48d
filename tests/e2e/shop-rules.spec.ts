import { expect, request as playwrightRequest, test, type Page } from "./fixtures";
import config from "../../playwright.config";
import { CheckoutPage, OrderSuccessPage, PaymentFailurePage, TEST_CARDS } from "./pages/checkout-page";
import { OrdersPage } from "./pages/orders-page";
import { designInCart, registerCustomer } from "./pages/shop-setup";
import { E2E_ADMIN } from "./admin-credentials";

const ADDRESS = { street1: "Hauptstraße 5", city: "Berlin", postalCode: "10115" };

const switchLanguage = (page: Page, locale: "de" | "en") => page.getByTestId("language-switch").selectOption(locale);

function serverEnv(): Record<string, string | undefined> {
  const server = Array.isArray(config.webServer) ? config.webServer[0] : config.webServer;
  return { ...process.env, ...server?.env };
}

async function fillCheckout(checkout: CheckoutPage, card: string) {
  await checkout.fillAddress("shipping", ADDRESS);
  await checkout.fillCard(card);
}

async function ownOrderCount(page: Page): Promise<number> {
  const res = await page.request.get("/api/user/orders");
  expect(res.status()).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

test.describe("German shop rules", () => {
  test("the order button reads 'Place order and pay' / 'Zahlungspflichtig bestellen'; a designed mug cannot be ordered without the withdrawal waiver", async ({
    page,
  }) => {
    await registerCustomer(page.request);
    await designInCart(page.request, "customer");
    const checkout = new CheckoutPage(page);
    await checkout.goto();

    await expect(checkout.payButton()).toHaveText("Place order and pay");
    await expect(checkout.waiver()).toContainText(
      "Personalised goods like these are excluded from the right of withdrawal (§ 312g (2) no. 1 BGB)",
    );
    await expect(checkout.waiver().getByRole("link", { name: "withdrawal policy" })).toHaveAttribute("href", "/widerruf");
    await expect(checkout.waiverCheckbox()).not.toBeChecked();
    const legalLinks = page.getByTestId("checkout-legal-links");
    await expect(legalLinks.getByRole("link", { name: "terms and conditions" })).toHaveAttribute("href", "/agb");
    await expect(legalLinks.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/datenschutz");

    await fillCheckout(checkout, TEST_CARDS.success);
    await checkout.pay();
    await expect(checkout.waiverCheckbox()).toHaveAccessibleDescription(
      "Please confirm that personalised items are excluded from the right of withdrawal.",
    );
    await expect(checkout.waiverCheckbox()).toBeFocused();
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await ownOrderCount(page)).toBe(0);

    await switchLanguage(page, "de");
    await expect(checkout.payButton()).toHaveText("Zahlungspflichtig bestellen");
    await expect(checkout.waiver()).toContainText(
      "Solche personalisierten Waren sind vom Widerrufsrecht ausgeschlossen (§ 312g Abs. 2 Nr. 1 BGB)",
    );
    await expect(checkout.waiver().getByRole("link", { name: "Widerrufsbelehrung" })).toHaveAttribute("href", "/widerruf");
    await expect(page.getByTestId("checkout-legal-links").getByRole("link", { name: "AGB" })).toHaveAttribute("href", "/agb");

    await checkout.acceptWaiver();
    await checkout.pay();
    await new OrderSuccessPage(page).expectShown();
    expect(await ownOrderCount(page)).toBe(1);
  });

  test("the footer opens Impressum, AGB, Datenschutz and Widerrufsbelehrung in English and German, with placeholders for unset SELLER_* values", async ({
    page,
  }) => {
    const env = serverEnv();
    const variables = [
      "SELLER_NAME",
      "SELLER_STREET",
      "SELLER_POSTAL_CODE",
      "SELLER_CITY",
      "SELLER_EMAIL",
      "SELLER_PHONE",
      "SELLER_REPRESENTATIVE",
      "SELLER_REGISTER",
      "SELLER_VAT_ID",
    ];
    const unset = variables.filter((v) => !env[v]);
    const pages = [
      {
        link: { en: "Legal notice", de: "Impressum" },
        path: "/impressum",
        title: { en: "Legal notice (Impressum)", de: "Impressum" },
        text: { en: "§ 5 of the German Digital Services Act (DDG)", de: "Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)" },
        vars: variables,
      },
      {
        link: { en: "Terms and conditions", de: "AGB" },
        path: "/agb",
        title: { en: "General terms and conditions (AGB)", de: "Allgemeine Geschäftsbedingungen (AGB)" },
        text: { en: "“Place order and pay” (in German: “Zahlungspflichtig bestellen”)", de: "„Zahlungspflichtig bestellen“" },
        vars: variables.slice(0, 6),
      },
      {
        link: { en: "Privacy policy", de: "Datenschutz" },
        path: "/datenschutz",
        title: { en: "Privacy policy", de: "Datenschutzerklärung" },
        text: { en: "Art. 6 (1) (b) GDPR", de: "Art. 6 Abs. 1 lit. b DSGVO" },
        vars: variables.slice(0, 6),
      },
      {
        link: { en: "Right of withdrawal", de: "Widerrufsbelehrung" },
        path: "/widerruf",
        title: { en: "Right of withdrawal", de: "Widerrufsbelehrung" },
        text: { en: "Model withdrawal form", de: "Muster-Widerrufsformular" },
        vars: variables.slice(0, 6),
      },
    ] as const;

    await page.goto("/");
    for (const locale of ["en", "de"] as const) {
      await switchLanguage(page, locale);
      for (const legal of pages) {
        await page.getByTestId("site-footer").getByRole("link", { name: legal.link[locale], exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.title[locale]);
        await expect(page.locator("main")).toContainText(legal.text[locale]);
        const missing = legal.vars.filter((v) => unset.includes(v));
        for (const variable of missing) {
          const mark = page.locator(`[data-testid="seller-placeholder"][data-variable="${variable}"]`).first();
          await expect(mark).toBeVisible();
          await expect(mark).toHaveText(locale === "en" ? `[${variable} not set]` : `[${variable} nicht gesetzt]`);
          await expect(page.getByTestId("seller-missing-notice")).toContainText(variable);
        }
        for (const variable of legal.vars.filter((v) => !unset.includes(v))) {
          await expect(page.locator(`[data-testid="seller-placeholder"][data-variable="${variable}"]`)).toHaveCount(0);
          await expect(page.locator("main")).toContainText(env[variable] ?? "");
        }
        if (missing.length === 0) await expect(page.getByTestId("seller-missing-notice")).toHaveCount(0);
      }
    }

    await expect(page.getByTestId("legal-exclusion")).toContainText("§ 312g Abs. 2 Nr. 1 BGB");
    await expect(page.getByTestId("withdrawal-form")).toContainText("(*) Unzutreffendes streichen.");
  });

  test("the legal links are on every page outside the shop too: sign-in, password pages, sign-in link, an unknown page", async ({
    page,
  }) => {
    for (const path of [
      "/login",
      "/login?tab=register",
      "/reset-password?token=x",
      "/sign-in-link?token=x",
      "/confirm-registration?token=x",
      "/no-such-page",
    ]) {
      await page.goto(path);
      const footer = page.getByTestId("site-footer");
      await expect(footer.getByRole("link", { name: "Legal notice", exact: true }), path).toHaveAttribute("href", "/impressum");
      await expect(footer.getByRole("link", { name: "Privacy policy", exact: true }), path).toHaveAttribute("href", "/datenschutz");
    }
  });

  test("a declined card (4000 0000 0000 0002): the payment failure page names the order and the provider's reason, in English and German", async ({
    page,
  }) => {
    await registerCustomer(page.request);
    await designInCart(page.request, "customer");
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await fillCheckout(checkout, TEST_CARDS.declined);
    await checkout.acceptWaiver();
    await checkout.pay();

    await expect(page).toHaveURL(/\/payment-failure\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
    const [order] = (await (await page.request.get("/api/user/orders")).json()) as { id: string; orderNumber: string }[];
    expect(order?.id).toBe(orderId);
    const orderNumber = order?.orderNumber ?? "";

    const failure = new PaymentFailurePage(page);
    await expect(page.getByTestId("payment-failure-order")).toContainText(`Order ${orderNumber}`);
    await expect(page.getByTestId("payment-failure-reason")).toHaveText("Reason given by the payment provider: Your card was declined.");
    await expect(failure.retry()).toHaveAttribute("href", `/checkout?orderId=${orderId}`);
    await expect(failure.viewCart()).toHaveAttribute("href", "/cart");
    await expect(failure.continueShopping()).toHaveAttribute("href", "/");
    await expect(failure.contactSupport()).toHaveAttribute(
      "href",
      new RegExp(`^mailto:[^?]+\\?subject=.*${encodeURIComponent(orderNumber)}`),
    );

    await switchLanguage(page, "de");
    await expect(page.getByTestId("payment-failure-order")).toContainText(`Bestellung ${orderNumber}`);
    await expect(page.getByTestId("payment-failure-reason")).toHaveText("Grund laut Zahlungsanbieter: Deine Karte wurde abgelehnt.");
    await expect(failure.retry()).toBeVisible();

    await switchLanguage(page, "en");
    const orders = new OrdersPage(page);
    await orders.goto();
    await expect(orders.status(orderNumber)).toHaveText("Pending");
    await expect(orders.paymentStatus(orderNumber)).toHaveText("Unpaid");
    await expect(orders.card(orderNumber).getByRole("link", { name: "Pay now" })).toBeVisible();
    await expect(orders.receiptButton(orderNumber)).toHaveCount(0);
    await expect(orders.card(orderNumber).getByTestId("invoice-button")).toHaveCount(0);
  });

  test("My orders after fulfilment: processing, then shipped with carrier and tracking number, delivered, and the invoice download", async ({
    page,
    baseURL,
  }) => {
    await registerCustomer(page.request);
    await designInCart(page.request, "customer");
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await fillCheckout(checkout, TEST_CARDS.success);
    await checkout.acceptWaiver();
    await checkout.pay();
    const { orderId, orderNumber } = await new OrderSuccessPage(page).expectShown();

    const admin = await playwrightRequest.newContext({ baseURL });
    try {
      const login = await admin.post("/api/auth/login", { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
      expect(login.status(), await login.text()).toBe(200);
      const act = async (action: string, data?: object) => {
        const res = await admin.post(`/api/admin/orders/${orderId}/${action}`, data ? { data } : {});
        expect(res.status(), await res.text()).toBe(200);
      };

      const orders = new OrdersPage(page);
      await act("process");
      await orders.goto();
      await expect(orders.status(orderNumber)).toHaveText("Processing");
      await expect(orders.card(orderNumber).getByTestId("order-processing-note")).toHaveText("Your order is being made.");
      await expect(orders.cancelButton(orderNumber)).toHaveCount(0);

      await act("complete", { carrier: "DHL", trackingNumber: "00340434161094042557" });
      await orders.goto();
      await expect(orders.status(orderNumber)).toHaveText("Shipped");
      await expect(orders.card(orderNumber).getByTestId("order-carrier")).toContainText("DHL");
      await expect(orders.card(orderNumber).getByTestId("order-tracking")).toContainText("00340434161094042557");
      await expect(orders.card(orderNumber).getByTestId("order-shipped")).toBeVisible();

      const download = page.waitForEvent("download");
      await orders
        .card(orderNumber)
        .getByRole("button", { name: `Download the invoice of order ${orderNumber}` })
        .click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
      await expect(orders.toast("Invoice downloaded")).toBeVisible();

      await act("deliver");
      await switchLanguage(page, "de");
      await orders.goto();
      await expect(orders.status(orderNumber)).toHaveText("Zugestellt");
      await expect(orders.card(orderNumber).getByTestId("order-delivered")).toContainText("Zugestellt am");
      await expect(orders.card(orderNumber).getByTestId("order-tracking")).toContainText("Sendungsnummer");
      await expect(
        orders.card(orderNumber).getByRole("button", { name: `Rechnung der Bestellung ${orderNumber} herunterladen` }),
      ).toBeVisible();
    } finally {
      await admin.dispose();
    }
  });
});
