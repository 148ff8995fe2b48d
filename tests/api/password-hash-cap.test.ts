import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/security/password";
import { resetEnvCache } from "@/lib/env";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { call } from "../helpers/api";

type Body = { message: string };

const ENV_KEYS = ["PASSWORD_HASH_CONCURRENCY", "PASSWORD_HASH_QUEUE"];
function setEnv(values: Record<string, string>) {
  for (const [k, v] of Object.entries(values)) process.env[k] = v;
  resetEnvCache();
}
afterEach(() => {
  for (const k of ENV_KEYS) delete process.env[k];
  resetEnvCache();
});

// Hashes at the production cost, slow enough that concurrent sign-ins really wait for a slot (the suite hashes cheaper).
const ACCOUNTS = {
  customer: { email: "cap-customer@test.local", password: "cap-customer-pass" },
  other: { email: "cap-other@test.local", password: "cap-other-pass" },
  admin: { email: "cap-admin@test.local", password: "cap-admin-pass" },
};
beforeAll(async () => {
  process.env.PASSWORD_HASH_COST = "17";
  resetEnvCache();
  const db = await getDb();
  for (const a of Object.values(ACCOUNTS)) {
    await db.insert(users).values({ email: a.email, passwordHash: await hashPassword(a.password), roles: ["customer"] });
  }
}, 60_000);

const signIn = (who: keyof typeof ACCOUNTS, ip: string, lang: "en" | "de" = "en") =>
  call<Body>(login.POST, {
    method: "POST",
    path: "/api/auth/login",
    body: ACCOUNTS[who],
    headers: { "x-forwarded-for": ip, "accept-language": lang },
  });

describe("password hashing has a global concurrency cap", () => {
  it("with one hash at a time and a queue of one, the third concurrent sign-in gets 429 with Retry-After; the others succeed", async () => {
    setEnv({ PASSWORD_HASH_CONCURRENCY: "1", PASSWORD_HASH_QUEUE: "1" });
    const results = await Promise.all([signIn("customer", "192.0.2.11"), signIn("other", "192.0.2.12"), signIn("admin", "192.0.2.13")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 429]);
    const busy = results.find((r) => r.status === 429);
    expect(busy?.body.message).toBe(en.errors.passwordHashBusy);
    expect(busy?.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);

    // In German too.
    const german = await Promise.all([
      signIn("customer", "192.0.2.14", "de"),
      signIn("other", "192.0.2.15", "de"),
      signIn("admin", "192.0.2.16", "de"),
    ]);
    expect(german.find((r) => r.status === 429)?.body.message).toBe(de.errors.passwordHashBusy);
    expect(de.errors.passwordHashBusy).not.toBe(en.errors.passwordHashBusy);

    // The slots are given back: one sign-in at a time works again.
    expect((await signIn("customer", "192.0.2.17")).status).toBe(200);
  }, 60_000);

  it("the default cap lets a handful of concurrent sign-ins through", async () => {
    const results = await Promise.all([signIn("customer", "192.0.2.21"), signIn("other", "192.0.2.22"), signIn("admin", "192.0.2.23")]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
  }, 60_000);
});
