import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, gte, sql } from "drizzle-orm";
import * as publicGenerate from "@/app/api/public/images/generate/route";
import * as userGenerate from "@/app/api/user/ai/images/generate/route";
import * as registerRoute from "@/app/api/auth/register/route";
import * as testerRoute from "@/app/api/admin/ai/test/route";
import { getDb } from "@/db/client";
import { aiModels, generations, prompts } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { aiBudgetStatus } from "@/lib/services/ai-budget";
import en from "@/messages/en.json";
import de from "@/messages/de.json";
import { activePromptAndMug, ownStorage } from "../helpers/generation";
import { call, cookieFrom, loginAs } from "../helpers/api";
import { registerCustomer } from "../helpers/register";
import { makeJpeg, photoForm } from "../helpers/images";
import { fakeOpenAI } from "../helpers/fake-openai";
import { card, CARDS, paySandbox, placedOrder } from "../helpers/orders";

type Body = { message: string; generationId?: number; provider?: string; errors?: Record<string, string> };

const BUDGET_MESSAGE = "Image generation is paused for now because the shop's AI budget is used up. Please try again later.";
/** gpt-image-1, quality unset (counts as high), 1024²: $0.167 = 16.7 cents per image. */
const OPENAI_IMAGE_CENTS = 16.7;

let promptId: number;
let mugId: number;
let openaiModelId: number;
let photo: Buffer;
let answerPng: Buffer;

beforeAll(async () => {
  ownStorage("shop-test-ai-money-");
  ({ promptId, mugId } = await activePromptAndMug());
  const [openai] = await (await getDb()).select().from(aiModels).where(eq(aiModels.provider, "openai"));
  if (!openai) throw new Error("seed data");
  openaiModelId = openai.id;
  photo = await makeJpeg(600, 400);
  answerPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();
});

const ENV_KEYS = [
  "AI_BUDGET_EUR_PER_HOUR",
  "AI_BUDGET_EUR_PER_DAY",
  "GUEST_GENERATIONS_PER_HOUR",
  "USER_GENERATIONS_PER_HOUR",
  "NEW_ACCOUNT_GENERATIONS_PER_HOUR",
  "REGISTRATIONS_PER_HOUR",
  "AI_BUDGET_RESERVED_FOR_PAYING_PERCENT",
];
function setEnv(values: Record<string, string>) {
  for (const [k, v] of Object.entries(values)) process.env[k] = v;
  resetEnvCache();
}
afterEach(() => {
  for (const k of ENV_KEYS) delete process.env[k];
  resetEnvCache();
});

const generate = (route: typeof publicGenerate, form: FormData, opts: { cookie?: string; ip?: string; lang?: "en" | "de" } = {}) =>
  call<Body>(route.POST, {
    method: "POST",
    path: "/api/public/images/generate",
    body: form,
    cookie: opts.cookie,
    headers: { "accept-language": opts.lang ?? "en", ...(opts.ip ? { "x-forwarded-for": opts.ip } : {}) },
  });

/** Guests are registered at once; a customer signs up through the mailed confirmation link. */
const register = (body: Record<string, unknown>, ip: string) =>
  body.guest
    ? call<Body>(registerRoute.POST, { method: "POST", path: "/api/auth/register", body, headers: { "x-forwarded-for": ip } })
    : registerCustomer<Body>(body, { ip });

let registered = 0;
/** A fresh customer account (signed in), registered from its own address. */
async function freshCustomer(): Promise<{ cookie: string; id: number }> {
  registered += 1;
  const res = await registerCustomer<Body>(
    { email: `money-${registered}-${Date.now()}@example.com`, password: "customer-pass-123" },
    { ip: `192.0.2.${registered}` },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = (res.body as unknown as { user: { id: number } }).user.id;
  return { cookie: cookieFrom(res), id };
}

/** Pointing the prompt at the seeded OpenAI model (answered by the local fake). */
async function useOpenAI() {
  await (await getDb()).update(prompts).set({ llmId: openaiModelId }).where(eq(prompts.id, promptId));
}

const openaiAnswer = (usage?: { input_tokens: number; output_tokens: number }) => () => ({
  status: 200,
  json: {
    created: 1,
    data: [{ b64_json: answerPng.toString("base64") }],
    ...(usage && { usage: { ...usage, total_tokens: usage.input_tokens + usage.output_tokens } }),
  },
});

/** Recorded cost of today's (UTC) generations, in cents. */
async function recordedCentsToday(): Promise<number> {
  const db = await getDb();
  const dayStart = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${generations.costMicroCents})` })
    .from(generations)
    .where(gte(generations.startedAt, dayStart));
  return Number(row?.sum ?? 0) / 1_000_000;
}

describe("global AI budget", () => {
  it("concurrent requests cannot both pass the last euro: the budget admits exactly what fits, the rest answer 503 without calling the provider", async () => {
    // 0.50 € an hour: two images at 16.7 cents fit (33.4), a third (50.1) does not.
    setEnv({ AI_BUDGET_EUR_PER_HOUR: "0.5", USER_GENERATIONS_PER_HOUR: "100" });
    const fake = await fakeOpenAI(openaiAnswer());
    try {
      await useOpenAI();
      const cookie = await loginAs("admin");
      const results = await Promise.all([0, 1, 2].map(() => generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 503]);
      expect(results.find((r) => r.status === 503)?.body.message).toBe(BUDGET_MESSAGE);
      expect(fake.hits).toHaveLength(2);
      // In German too.
      const german = await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie, lang: "de" });
      expect(german.status).toBe(503);
      expect(german.body.message).toBe(de.errors.aiBudgetExhausted);
      expect(fake.hits).toHaveLength(2);

      // The admin sees it: the dashboard reads this status.
      const status = await aiBudgetStatus();
      expect(status.exhausted).toBe(true);
      expect(status.hour).toMatchObject({ limitCents: 50, exhausted: true });
      expect(status.hour.spentCents).toBeCloseTo(2 * OPENAI_IMAGE_CENTS, 6);
      expect(status.hour.refused).toBe(2);

      // The offline provider is exempt: without the key the same request runs offline.
      await fake.close();
      const offline = await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie });
      expect(offline.status).toBe(200);
      expect(offline.body.provider).toBe("offline");
    } finally {
      await fake.close();
    }
  }, 60_000);

  it("the day budget holds too, and what is counted is the recorded cost (settled with the provider's usage; a failed call costs nothing)", async () => {
    const fake = await fakeOpenAI(openaiAnswer({ input_tokens: 500, output_tokens: 4000 })); // 16.5 cents by usage
    try {
      await useOpenAI();
      const cookie = await loginAs("admin");
      const spentToday = (await aiBudgetStatus()).day.spentCents;
      expect(spentToday).toBeCloseTo(await recordedCentsToday(), 6);
      // Room for one more image today (reserved at its 16.7-cent estimate), not for two.
      setEnv({ AI_BUDGET_EUR_PER_DAY: String((spentToday + 20) / 100), AI_BUDGET_EUR_PER_HOUR: "100", USER_GENERATIONS_PER_HOUR: "100" });
      expect((await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie })).status).toBe(200);
      const after = await aiBudgetStatus();
      expect(after.day.spentCents).toBeCloseTo(spentToday + 16.5, 6);
      expect(after.day.spentCents).toBeCloseTo(await recordedCentsToday(), 6);
      const refused = await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(BUDGET_MESSAGE);
      expect(fake.hits).toHaveLength(1);
    } finally {
      await fake.close();
    }

    // A provider failure gives its reservation back: the spend stays the recorded one.
    const failing = await fakeOpenAI(() => ({ status: 400, json: { error: { message: "bad request", type: "invalid_request_error" } } }));
    try {
      setEnv({ AI_BUDGET_EUR_PER_DAY: "100", AI_BUDGET_EUR_PER_HOUR: "100", USER_GENERATIONS_PER_HOUR: "100" });
      const before = (await aiBudgetStatus()).day.spentCents;
      const res = await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie: await loginAs("admin") });
      expect(res.status).toBe(502);
      expect((await aiBudgetStatus()).day.spentCents).toBeCloseTo(before, 6);
      expect((await aiBudgetStatus()).day.spentCents).toBeCloseTo(await recordedCentsToday(), 6);
    } finally {
      await failing.close();
    }
  }, 60_000);

  it("the admin prompt tester counts against the budget: exhausted → 503, no provider asked", async () => {
    const fake = await fakeOpenAI(openaiAnswer());
    try {
      const spentHour = (await aiBudgetStatus()).hour.spentCents;
      // medium quality 1024² is 4.2 cents: one run fits, the second does not.
      setEnv({ AI_BUDGET_EUR_PER_HOUR: String((spentHour + 5) / 100) });
      const form = () => {
        const f = photoForm(photo, { masterPrompt: "pop art", quality: "medium" });
        f.append("providers", String(openaiModelId));
        return f;
      };
      const post = async () =>
        call<Body>(testerRoute.POST, { method: "POST", path: "/api/admin/ai/test", body: form(), cookie: await loginAs("admin") });
      expect((await post()).status).toBe(200);
      expect((await aiBudgetStatus()).hour.spentCents).toBeCloseTo(spentHour + 4.2, 6);
      const refused = await post();
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(BUDGET_MESSAGE);
      expect(fake.hits).toHaveLength(1);
    } finally {
      await fake.close();
    }
  }, 60_000);
});

describe("registration limit per client address", () => {
  it("REGISTRATIONS_PER_HOUR accounts (guests included) per address and hour, then 429 with a translated message; another address is unaffected", async () => {
    setEnv({ REGISTRATIONS_PER_HOUR: "3" });
    const ip = "198.51.100.40";
    const mail = (n: string) => `reg-${n}-${Date.now()}@example.com`;
    // A customer's sign-up counts when it is asked for (202), before its link is used.
    expect(
      (
        await call<Body>(registerRoute.POST, {
          method: "POST",
          path: "/api/auth/register",
          body: { email: mail("a"), password: "customer-pass-123" },
          headers: { "x-forwarded-for": ip },
        })
      ).status,
    ).toBe(202);
    expect((await register({ email: mail("b"), guest: true }, ip)).status).toBe(201);
    expect((await register({ email: mail("c"), guest: true }, ip)).status).toBe(201);
    const limited = await register({ email: mail("d"), guest: true }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("Too many accounts were created from this network. Please try again in an hour.");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    const german = await call<Body>(registerRoute.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email: mail("e"), password: "customer-pass-123" },
      headers: { "x-forwarded-for": ip, "accept-language": "de" },
    });
    expect(german.status).toBe(429);
    expect(german.body.message).toBe(de.errors.rateLimitRegister);
    expect((await register({ email: mail("f"), guest: true }, "198.51.100.41")).status).toBe(201);
  });
});

describe("a new account's generation allowance", () => {
  it("starts at NEW_ACCOUNT_GENERATIONS_PER_HOUR and grows to USER_GENERATIONS_PER_HOUR once the account has paid an order", async () => {
    setEnv({ NEW_ACCOUNT_GENERATIONS_PER_HOUR: "2", USER_GENERATIONS_PER_HOUR: "10" });
    const { cookie, id } = await freshCustomer();
    for (let i = 0; i < 2; i++) expect((await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie })).status).toBe(200);
    const limited = await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      "New accounts can generate only a few images per hour until their first order. Please try again later.",
    );
    expect(en.errors.rateLimitNewAccount).toBe(limited.body.message);
    expect(de.errors.rateLimitNewAccount).toBeTruthy();

    // An order placed but not paid does not raise it.
    const { order } = await placedOrder({ cookie }, id);
    expect((await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie })).status).toBe(429);
    expect((await paySandbox(order.id, card(CARDS.ok), { cookie })).status).toBe(200);
    expect((await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie })).status).toBe(200);
  }, 60_000);

  it("admins keep the full allowance", async () => {
    setEnv({ NEW_ACCOUNT_GENERATIONS_PER_HOUR: "1", USER_GENERATIONS_PER_HOUR: "100" });
    const cookie = await loginAs("admin");
    for (let i = 0; i < 2; i++) expect((await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie })).status).toBe(200);
  });
});

describe("the limit is checked before the upload is decoded", () => {
  it("a guest over the limit gets 429 even for an upload that could not be decoded; under the limit the same upload is 415 and does not count", async () => {
    setEnv({ GUEST_GENERATIONS_PER_HOUR: "1" });
    const ip = "198.51.100.60";
    // Under the limit: the bad upload is refused by the decoder and does not use up the allowance.
    const bad = await generate(publicGenerate, photoForm("hello, not an image", { promptId, mugId }), { ip });
    expect(bad.status).toBe(415);
    expect((await generate(publicGenerate, photoForm(photo, { promptId, mugId }), { ip })).status).toBe(200);
    // Over the limit: no decoding at all — an undecodable upload answers 429, not the decoder's 415.
    const over = await generate(publicGenerate, photoForm("hello, not an image", { promptId, mugId }), { ip });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(en.errors.rateLimitGuest);
  });

  it("a signed-in customer over the limit: the same", async () => {
    setEnv({ USER_GENERATIONS_PER_HOUR: "1", NEW_ACCOUNT_GENERATIONS_PER_HOUR: "1" });
    const { cookie } = await freshCustomer();
    expect((await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie })).status).toBe(200);
    const over = await generate(userGenerate, photoForm("hello, not an image", { promptId, mugId }), { cookie });
    expect(over.status).toBe(429);
  });
});

describe("one client's allowance, whatever accounts it makes", () => {
  it("customer accounts without a paid order, registered from one client, share that client's allowance", async () => {
    setEnv({ GUEST_GENERATIONS_PER_HOUR: "2", NEW_ACCOUNT_GENERATIONS_PER_HOUR: "5", REGISTRATIONS_PER_HOUR: "100" });
    const ip = "203.0.113.70";
    const accounts = [];
    for (let i = 0; i < 3; i++) {
      const res = await register({ email: `share-${i}-${Date.now()}@example.com`, password: "customer-pass-123" }, ip);
      expect(res.status).toBe(201);
      accounts.push(cookieFrom(res));
    }
    const statuses = [];
    for (const cookie of accounts)
      statuses.push((await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie, ip })).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Guest accounts of the same client share it too.
    const guest = await register({ email: `share-guest-${Date.now()}@example.com`, guest: true }, ip);
    const refused = await generate(publicGenerate, photoForm(photo, { promptId, mugId }), { cookie: cookieFrom(guest), ip });
    expect(refused.status).toBe(429);
    // Another client is unaffected.
    expect((await generate(publicGenerate, photoForm(photo, { promptId, mugId }), { ip: "203.0.113.71" })).status).toBe(200);
  }, 60_000);

  it("once the account has paid an order it has its own allowance, no longer the client's", async () => {
    setEnv({
      GUEST_GENERATIONS_PER_HOUR: "1",
      NEW_ACCOUNT_GENERATIONS_PER_HOUR: "5",
      USER_GENERATIONS_PER_HOUR: "5",
      REGISTRATIONS_PER_HOUR: "100",
    });
    const ip = "203.0.113.80";
    const { cookie, id } = await freshCustomer();
    expect((await generate(publicGenerate, photoForm(photo, { promptId, mugId }), { ip })).status).toBe(200);
    expect((await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie, ip })).status).toBe(429);
    const { order } = await placedOrder({ cookie }, id);
    expect((await paySandbox(order.id, card(CARDS.ok), { cookie })).status).toBe(200);
    expect((await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie, ip })).status).toBe(200);
  }, 60_000);

  it("IPv6: two /64 networks of one /48 share one allowance; another /48 does not", async () => {
    setEnv({ GUEST_GENERATIONS_PER_HOUR: "1" });
    expect((await generate(publicGenerate, photoForm(photo, { promptId, mugId }), { ip: "2001:db8:77:1::5" })).status).toBe(200);
    const other64 = await generate(publicGenerate, photoForm(photo, { promptId, mugId }), { ip: "2001:db8:77:2::5" });
    expect(other64.status).toBe(429);
    expect(other64.body.message).toBe(en.errors.rateLimitGuest);
    expect((await generate(publicGenerate, photoForm(photo, { promptId, mugId }), { ip: "2001:db8:78:1::5" })).status).toBe(200);
  }, 60_000);
});

describe("a share of the AI budget is reserved for paying customers", () => {
  it("visitors and new accounts stop at the unreserved part; a customer with a paid order still generates", async () => {
    const fake = await fakeOpenAI(openaiAnswer());
    try {
      await useOpenAI();
      const spentHour = (await aiBudgetStatus()).hour.spentCents;
      // Half reserved: others may spend up to spentHour + 20 cents (one 16.7-cent image), payers up to twice that.
      setEnv({
        AI_BUDGET_EUR_PER_HOUR: String((2 * (spentHour + 20)) / 100),
        AI_BUDGET_RESERVED_FOR_PAYING_PERCENT: "50",
        GUEST_GENERATIONS_PER_HOUR: "100",
      });
      const ip = "203.0.113.90";
      expect((await generate(publicGenerate, photoForm(photo, { promptId, mugId }), { ip })).status).toBe(200);
      const refused = await generate(publicGenerate, photoForm(photo, { promptId, mugId }), { ip: "203.0.113.91" });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(BUDGET_MESSAGE);
      const fresh = await freshCustomer();
      expect(
        (await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie: fresh.cookie, ip: "203.0.113.92" })).status,
      ).toBe(503);
      expect(fake.hits).toHaveLength(1);

      const payer = await freshCustomer();
      const { order } = await placedOrder({ cookie: payer.cookie }, payer.id);
      expect((await paySandbox(order.id, card(CARDS.ok), { cookie: payer.cookie })).status).toBe(200);
      expect(
        (await generate(userGenerate, photoForm(photo, { promptId, mugId }), { cookie: payer.cookie, ip: "203.0.113.93" })).status,
      ).toBe(200);
      expect(fake.hits).toHaveLength(2);
    } finally {
      await fake.close();
    }
  }, 60_000);
});
