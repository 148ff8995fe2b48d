import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../admin-credentials";

const EMAIL = /^(Email|E-Mail)( \*)?$/;
const PASSWORD = /^(Password|Passwort)( \*)?$/;

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(callbackUrl?: string) {
    await this.page.goto(callbackUrl ? `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/login");
  }

  async signIn(email: string, password: string, beforeSubmit?: () => Promise<void>) {
    await this.page.getByLabel(EMAIL).fill(email);
    await this.page.getByLabel(PASSWORD).fill(password);
    await beforeSubmit?.();
    await this.page.getByRole("button", { name: /^(Sign in|Anmelden)$/ }).click();
  }

  error() {
    return this.page.getByTestId("login-error");
  }

  tab(name: "signin" | "register") {
    return this.page.getByRole("tab", { name: name === "signin" ? /^(Sign in|Anmelden)$/ : /^(Create account|Konto erstellen)$/ });
  }

  registerForm() {
    return this.page.getByTestId("register-form");
  }

  async register(data: { email: string; password: string; repeat?: string; firstName: string; lastName: string }) {
    await this.tab("register").click();
    const form = this.registerForm();
    await form.getByLabel(EMAIL).fill(data.email);
    await form.getByLabel(/^(First name|Vorname)( \*)?$/).fill(data.firstName);
    await form.getByLabel(/^(Last name|Nachname)( \*)?$/).fill(data.lastName);
    await form.getByLabel(PASSWORD).fill(data.password);
    await form.getByLabel(/^(Repeat password|Passwort wiederholen)( \*)?$/).fill(data.repeat ?? data.password);
    await form.getByRole("button", { name: /^(Create account|Konto erstellen)$/ }).click();
  }

  async requestReset(email: string): Promise<string> {
    await this.page
      .getByRole("button", { name: /^(Forgot password\?|Passwort vergessen\?)$/ })
      .first()
      .click();
    const part = this.page.getByTestId("forgot-password");
    await part.getByLabel(EMAIL).fill(email);
    await part.getByRole("button", { name: /^(Send link|Link senden)$/ }).click();
    const sent = part.getByTestId("forgot-sent");
    await expect(sent).toBeVisible();
    return (await sent.textContent()) ?? "";
  }

  continueAsGuest() {
    return this.page.getByTestId("continue-as-guest");
  }
}

export const ADMIN = E2E_ADMIN;
