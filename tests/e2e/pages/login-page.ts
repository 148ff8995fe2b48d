import type { Page } from "@playwright/test";

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(callbackUrl?: string) {
    await this.page.goto(callbackUrl ? `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/login");
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel(/^(Email|E-Mail)$/).fill(email);
    await this.page.getByLabel(/^(Password|Passwort)$/).fill(password);
    await this.page.getByRole("button", { name: /^(Sign in|Anmelden)$/ }).click();
  }

  error() {
    return this.page.getByTestId("login-error");
  }
}

export const ADMIN = { email: "admin@example.com", password: "admin12345" };
