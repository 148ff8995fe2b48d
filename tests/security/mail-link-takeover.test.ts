import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { authTokens, users } from "@/db/schema";
import * as account from "@/app/api/user/account/route";
import * as loginLink from "@/app/api/auth/login-link/route";
import * as useLink from "@/app/api/auth/login-link/use/route";
import * as forgot from "@/app/api/auth/password/forgot/route";
import * as register from "@/app/api/auth/register/route";
import { resetEnvCache } from "@/lib/env";
import { queueMail } from "@/lib/integrations/mail";
import { deliverQueuedMail } from "@/lib/services/mail";
import { call } from "../helpers/api";
import { freshEmail, freshIp, newCustomer } from "../helpers/auth";
import { deliveredMail, queuedMails } from "../helpers/mail";
import { tempDir, TEST_USERS } from "../helpers/test-db";

const bait = (id: number) => `~~sign-in-token.${id}~~ ~~reset-token.${id}~~ ~~register-token.${id}~~ ~~order-link-token~~`;

let adminId = 0;
const tokensOf = async (userId: number) =>
  (await (await getDb()).select({ n: count() }).from(authTokens).where(eq(authTokens.userId, userId)))[0]?.n ?? 0;

beforeAll(async () => {
  process.env.DATA_DIR = tempDir("shop-test-takeover-");
  process.env.REGISTRATIONS_PER_HOUR = "1000";
  resetEnvCache();
  const [admin] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.admin.email));
  adminId = admin?.id ?? 0;
  expect(adminId).toBeGreaterThan(0);
});

async function expectNoWorkingToken(mailText: string) {
  for (const token of mailText.match(/[A-Za-z0-9_-]{43}/g) ?? []) {
    const res = await call(useLink.POST, { method: "POST", path: "/api/auth/login-link/use", body: { token } });
    expect(res.status).not.toBe(200);
  }
}

describe("text a visitor writes never becomes a token", () => {
  it("a mail whose text holds placeholders is delivered as written and issues no token", async () => {
    const before = await tokensOf(adminId);
    const text = `Hello ${bait(adminId)}`;
    const db = await getDb();
    const id = await queueMail(db, { to: "someone@test.local", subject: "s", text, html: `<p>${text}</p>` });
    expect(await deliverQueuedMail(id)).toBe("sent");
    expect(await tokensOf(adminId)).toBe(before);
    const sent = deliveredMail(id);
    expect(sent).toContain(`~~sign-in-token.${adminId}~~`);
    await expectNoWorkingToken(sent);
  });

  it("sign-up with the admin's placeholders as name: refused, no token for the admin", async () => {
    const before = await tokensOf(adminId);
    const email = freshEmail("bait");
    const res = await call<{ errors?: Record<string, string> }>(register.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email, password: "longenough", firstName: bait(adminId), lastName: "~~reset-token.1~~" },
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(expect.arrayContaining(["firstName", "lastName"]));
    expect(await queuedMails(email)).toHaveLength(0);
    expect(await tokensOf(adminId)).toBe(before);
  });

  it("a renamed account asking for a sign-in link or a password link gets no admin token", async () => {
    const user = await newCustomer("renamed");
    const before = await tokensOf(adminId);
    const rename = await call(account.PUT, {
      method: "PUT",
      path: "/api/user/account",
      cookie: user.cookie,
      body: { firstName: bait(adminId), lastName: "Doe" },
    });
    expect(rename.status).toBe(422);
    // Whatever name the account has, the links it asks for are its own.
    for (const route of [loginLink.POST, forgot.POST]) {
      const res = await call(route, {
        method: "POST",
        path: "/api/auth/x",
        body: { email: user.email },
        headers: { "x-forwarded-for": freshIp() },
      });
      expect(res.status).toBe(202);
    }
    const mails = await queuedMails(user.email);
    expect(await tokensOf(adminId)).toBe(before);
    for (const mail of mails) await expectNoWorkingToken(deliveredMail(mail.id).replace(/token=[A-Za-z0-9_-]{43}/g, ""));
  });
});
