import { randomInt, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as account from "@/app/api/user/account/route";
import * as register from "@/app/api/auth/register/route";
import { resetEnvCache } from "@/lib/env";
import { call } from "../helpers/api";
import { tempDir } from "../helpers/test-db";
import { checkoutBody, fillCart, newCustomer, placeOrder, type ErrorBody } from "../helpers/orders";

/** The shop's mail is no relay: names and address lines that end up in mails carry no second line and no link. */

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-mail-relay-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
});

const freshIp = () => `198.51.100.${randomInt(1, 255)}`;

/** Values a stranger would put into a name to send their own text from the shop's address. */
const HOSTILE: { value: string; en: string; de: string }[] = [
  {
    value: "Anna\nClick here to claim your prize",
    en: "Line breaks, tabs and control characters are not allowed here",
    de: "Zeilenumbrüche, Tabulatoren und Steuerzeichen sind hier nicht erlaubt",
  },
  {
    value: "Anna\tMuster",
    en: "Line breaks, tabs and control characters are not allowed here",
    de: "Zeilenumbrüche, Tabulatoren und Steuerzeichen sind hier nicht erlaubt",
  },
  {
    value: "Anna\u0007",
    en: "Line breaks, tabs and control characters are not allowed here",
    de: "Zeilenumbrüche, Tabulatoren und Steuerzeichen sind hier nicht erlaubt",
  },
  { value: "Win at https://evil.example", en: "Links are not allowed here", de: "Links sind hier nicht erlaubt" },
  { value: "see WWW.evil.example", en: "Links are not allowed here", de: "Links sind hier nicht erlaubt" },
];

describe("POST /api/auth/register – names", () => {
  it.each(HOSTILE)("refuses $value with a field error in both languages", async ({ value, en, de }) => {
    for (const [lang, message] of [
      ["en", en],
      ["de", de],
    ] as const) {
      const body = {
        email: `relay-${randomUUID().slice(0, 8)}@example.com`,
        password: "customer-pass-123",
        firstName: value,
        lastName: value,
      };
      const res = await call<ErrorBody>(register.POST, {
        method: "POST",
        path: "/api/auth/register",
        body,
        headers: { "x-forwarded-for": freshIp(), "accept-language": lang },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors?.firstName).toBe(message);
      expect(res.body.errors?.lastName).toBe(message);
    }
  });

  it("a name with umlauts, an apostrophe, a hyphen and a dot is fine", async () => {
    const body = {
      email: `relay-${randomUUID().slice(0, 8)}@example.com`,
      guest: true,
      firstName: "Jürgen-Ömer",
      lastName: "O'Brien-Straß Jr.",
    };
    const res = await call<ErrorBody>(register.POST, {
      method: "POST",
      path: "/api/auth/register",
      body,
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe("PUT /api/user/account – names", () => {
  it("refuses a line break or a link in first and last name; a plain name is saved", async () => {
    const { cookie } = await newCustomer("relay-account");
    const put = (body: unknown, lang = "en") =>
      call<ErrorBody>(account.PUT, { method: "PUT", path: "/api/user/account", body, cookie, headers: { "accept-language": lang } });
    const broken = await put({ firstName: "Carla\r\nBcc: victim@example.com", lastName: "www.evil.example" }, "de");
    expect(broken.status).toBe(422);
    expect(broken.body.errors?.firstName).toBe("Zeilenumbrüche, Tabulatoren und Steuerzeichen sind hier nicht erlaubt");
    expect(broken.body.errors?.lastName).toBe("Links sind hier nicht erlaubt");
    const ok = await put({ firstName: "Carla", lastName: "Kundin" });
    expect(ok.status).toBe(200);
  });
});

describe("POST /api/user/orders – contact and addresses", () => {
  it("refuses control characters and links in contact names and in every address line, naming each field", async () => {
    const buyer = await newCustomer("relay-checkout");
    await fillCart(buyer, buyer.id);
    const address = {
      firstName: "Anna\nB",
      lastName: "http://x.example",
      street1: "Hauptstraße 1\u0000",
      street2: "c/o www.evil.example",
      city: "Berlin\u2028Visit us",
      postalCode: "10115",
      countryCode: "DE",
    };
    const body = checkoutBody({
      contact: { email: buyer.email, firstName: "Anna\tB", lastName: "Muster https://evil.example", phone: null },
      shippingAddress: address,
      billingAddress: address,
    });
    const res = await placeOrder(body, buyer, "en");
    expect(res.status).toBe(422);
    const errors = res.body.errors ?? {};
    const control = "Line breaks, tabs and control characters are not allowed here";
    const link = "Links are not allowed here";
    expect(errors["contact.firstName"]).toBe(control);
    expect(errors["contact.lastName"]).toBe(link);
    for (const kind of ["shippingAddress", "billingAddress"]) {
      expect(errors[`${kind}.firstName`]).toBe(control);
      expect(errors[`${kind}.lastName`]).toBe(link);
      expect(errors[`${kind}.street1`]).toBe(control);
      expect(errors[`${kind}.street2`]).toBe(link);
      expect(errors[`${kind}.city`]).toBe(control);
    }
    // The same cart with plain values is ordered.
    const ok = await placeOrder(
      checkoutBody({ contact: { email: buyer.email, firstName: "Anna", lastName: "Muster", phone: null } }),
      buyer,
      "en",
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});
