import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { resetEnvCache } from "@/lib/env";
import { cookieFrom } from "../helpers/api";
import { addLine, setupCartFixtures } from "../helpers/cart";
import { applyCode, makeCode } from "../helpers/discounts";
import { setupInvoiceFixtures } from "../helpers/invoices";
import { card, CARDS, checkoutBody, newCustomer, paySandbox, placeOrder } from "../helpers/orders";
import { registerCustomer } from "../helpers/register";

setupInvoiceFixtures();
setupCartFixtures();

const DAY = 86_400_000;
const GENERIC = { en: "This discount code cannot be used.", de: "Dieser Rabattcode kann nicht verwendet werden." };
const TOO_MANY = "Too many invalid discount codes were entered. Please try again in an hour.";

let ipSeq = 0;
/** A fresh client network per call site (TEST-NET-3), so the per-network counters start at zero. */
const freshIp = () => `203.0.${113 + Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const wrong = () => `NOPE-${randomUUID().slice(0, 8)}`;

beforeAll(() => {
  // The configuration of the whole suite lifts the limit; these tests check the shipped default.
  process.env.DISCOUNT_CODE_FAILURES_PER_HOUR = "10";
  resetEnvCache();
});
afterAll(() => {
  process.env.DISCOUNT_CODE_FAILURES_PER_HOUR = "1000";
  resetEnvCache();
});

describe("guessing discount codes", () => {
  it("ten failed entries per account, then 429 for every entry, a valid code too (no oracle behind the limit)", async () => {
    const valid = await makeCode();
    const buyer = await newCustomer("guesser");
    for (let i = 0; i < 10; i++) {
      // From a new network each time: the account's own limit decides.
      const res = await applyCode(wrong(), buyer, "en", freshIp());
      expect(res.status).toBe(422);
    }
    const blocked = await applyCode(wrong(), buyer, "en", freshIp());
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await applyCode(valid.code, buyer, "en", freshIp())).status).toBe(429);
    // Another account is not blocked by this one.
    const other = await newCustomer("bystander");
    expect((await applyCode(valid.code, other, "en", freshIp())).status).toBe(200);
  });

  it("ten failed entries per client network across accounts, then 429 from that network only", async () => {
    const valid = await makeCode();
    const network = freshIp();
    for (let i = 0; i < 10; i++) {
      const account = await newCustomer("net-guesser");
      expect((await applyCode(wrong(), account, "en", network)).status).toBe(422);
    }
    const next = await newCustomer("net-guesser");
    const blocked = await applyCode(valid.code, next, "de", network);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe("Zu viele ungültige Rabattcodes wurden eingegeben. Bitte versuche es in einer Stunde erneut.");
    expect((await applyCode(valid.code, next, "en", freshIp())).status).toBe(200);
  });

  it("codes that apply are not counted: a customer may enter a valid code again and again", async () => {
    const valid = await makeCode();
    const buyer = await newCustomer("repeat");
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect((await applyCode(valid.code, buyer, "en", ip)).status).toBe(200);
    expect((await applyCode(wrong(), buyer, "en", ip)).status).toBe(422);
  });
});

describe("refusals do not tell codes apart", () => {
  it("an inactive, a not-yet-valid and an unknown code get the same answer in both languages", async () => {
    const inactive = await makeCode({ active: false });
    const scheduled = await makeCode({ validFrom: new Date(Date.now() + DAY) });
    const buyer = await newCustomer("prober");
    const ip = freshIp();
    for (const lang of ["en", "de"] as const) {
      const answers = [];
      for (const text of [inactive.code, scheduled.code, wrong()]) {
        const res = await applyCode(text, buyer, lang, ip);
        answers.push({ status: res.status, message: res.body.message });
      }
      expect(answers).toEqual(Array(3).fill({ status: 422, message: GENERIC[lang] }));
    }
  });

  it("'already used' is said only to the verified account of that email; anyone else gets the generic refusal", async () => {
    const code = await makeCode({ maxUsesPerCustomer: 1 });
    // A verified account pays an order with the code under a contact email that no account has yet.
    const owner = await newCustomer("owner", { password: true });
    const contactEmail = `contact-${randomUUID().slice(0, 8)}@example.com`;
    await addLine({ who: owner, ownerId: owner.id });
    expect((await applyCode(code.code, owner, "en", freshIp())).status).toBe(200);
    const placed = await placeOrder(checkoutBody({ contact: { email: contactEmail, firstName: "Vera", lastName: "Owner" } }), owner);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await paySandbox(placed.body.order.id, card(CARDS.ok), owner)).body.status).toBe("succeeded");

    // The owner's own (verified) account is told.
    const again = await applyCode(code.code, owner, "en", freshIp());
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("You have already used this discount code as often as it allows.");

    // A stranger signs up as a guest with the contact email (nothing proves it is theirs): the generic refusal.
    const stranger = await newGuestWithEmail(contactEmail);
    const probe = await applyCode(code.code, stranger, "en", freshIp());
    expect({ status: probe.status, message: probe.body.message }).toEqual({ status: 422, message: GENERIC.en });
    const unknown = await applyCode(wrong(), stranger, "en", freshIp());
    expect(unknown.body.message).toBe(probe.body.message);
  });
});

async function newGuestWithEmail(email: string) {
  const res = await registerCustomer<{ user: { id: number } }>({ email, guest: true }, { ip: freshIp() });
  expect(res.status).toBe(201);
  return { cookie: cookieFrom(res), id: res.body.user.id };
}
