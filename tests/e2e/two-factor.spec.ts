import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { expect, test, type Page } from "./fixtures";
import { startInstance, type Instance } from "./helpers/instances";

// Its own server: only a fresh database shows the first-sign-in prompt.

const OWNER = { email: "owner-2fa@example.com", password: "e2e-owner-2fa-Secret-42" };
const EMAIL = /^(Email|E-Mail)( \*)?$/;
const PASSWORD = /^(Password|Passwort)( \*)?$/;

function codeFor(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel(EMAIL).fill(OWNER.email);
  await page.getByLabel(PASSWORD).fill(OWNER.password);
  await page.getByRole("button", { name: /^(Sign in|Anmelden)$/ }).click();
}

let shop: Instance;
let dataDir = "";

test.describe("two-factor sign-in", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-two-factor-"));
    shop = await startInstance("two-factor", {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      LOG_LEVEL: "silent",
      PAYMENTS_SANDBOX: "true",
      TWO_FACTOR_SETUP_PROMPT: "true",
    });
  });

  test.afterAll(async () => {
    await shop?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let secret = "";
  let recoveryCodes: string[] = [];

  test("the owner is asked once, warned on the dashboard, and enrolls with the key shown", async ({ page }) => {
    await signIn(page, shop.url);
    await expect(page).toHaveURL(/\/admin\/security\?setup=suggested$/);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await expect(page.getByTestId("two-factor-suggested")).toBeVisible();
    await page.getByTestId("two-factor-skip").click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("two-factor-warning")).toContainText("Two-factor sign-in is off for your account.");

    await page.getByRole("link", { name: "Set it up now" }).click();
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByTestId("two-factor-suggested")).toHaveCount(0);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const key = page.getByTestId("two-factor-secret");
    secret = ((await key.textContent()) ?? "").trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL((await key.getAttribute("data-otpauth-uri")) ?? "");
    expect(uri.searchParams.get("secret")).toBe(secret);

    await page.getByLabel("6-digit code").fill("000000" === codeFor(secret) ? "111111" : "000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
    await page.getByLabel("6-digit code").fill(codeFor(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    await page.getByRole("button", { name: "I have stored them" }).click();
    await expect(page.getByTestId("two-factor-on")).toBeVisible();
    await expect(page.getByTestId("recovery-codes-left")).toHaveText("10 recovery codes left.");

    await page.getByRole("link", { name: "Overview" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("two-factor-warning")).toHaveCount(0);
  });

  test("sign-in takes two steps: in German, a wrong code, then a code from the app", async ({ page }) => {
    await page.goto(`${shop.url}/login`);
    await page.getByTestId("language-switch").first().selectOption("de");
    await expect(page.getByRole("button", { name: "Anmelden" }).first()).toBeVisible();
    await signIn(page, shop.url);
    const step = page.getByTestId("two-factor-step");
    await expect(step.getByRole("heading", { name: "Zwei-Faktor-Anmeldung" })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    const wrong = ["000000", "111111"].find((c) => ![-1, 0, 1].some((o) => codeFor(secret, o) === c)) ?? "222222";
    await step.getByLabel("6-stelliger Code").fill(wrong);
    await step.getByRole("button", { name: "Bestätigen" }).click();
    await expect(page.getByTestId("two-factor-error")).toHaveText("Der Code ist falsch.");
    // The step after the one used at enrollment: each code is accepted once.
    await step.getByLabel("6-stelliger Code").fill(codeFor(secret, 1));
    await step.getByRole("button", { name: "Bestätigen" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Zwei-Faktor-Anmeldung" })).toHaveCount(0);
  });

  test("at phone width a recovery code signs in once", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, shop.url);
    const step = page.getByTestId("two-factor-step");
    await step.getByRole("button", { name: "Use a recovery code" }).click();
    await step.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await step.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`${shop.url}/admin/security`);
    await expect(page.getByTestId("recovery-codes-left")).toHaveText("9 recovery codes left.");

    await page.context().clearCookies();
    await signIn(page, shop.url);
    await page.getByTestId("two-factor-step").getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("two-factor-error")).toHaveText("The code is wrong.");
  });
});
