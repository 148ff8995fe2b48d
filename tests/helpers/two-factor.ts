import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import * as login from "@/app/api/auth/login/route";
import * as secondStep from "@/app/api/auth/login/two-factor/route";
import * as setup from "@/app/api/admin/security/two-factor/setup/route";
import * as enable from "@/app/api/admin/security/two-factor/enable/route";
import { call, cookieFrom } from "./api";
import { freshIp, loginCookie, newCustomer } from "./auth";

export type LoginAnswer = {
  authenticated?: boolean;
  twoFactorRequired?: boolean;
  twoFactorSetup?: string;
  next?: string;
  roles?: string[];
  message?: string;
  errors?: Record<string, string>;
};

export function codeFor(secret: string, at = Date.now(), offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: at + offsetSteps * 30_000,
  });
}

export async function newOwner(tag: string) {
  const account = await newCustomer(tag);
  await (
    await getDb()
  )
    .update(users)
    .set({ roles: ["admin"] })
    .where(eq(users.email, account.email));
  return { ...account, id: account.id as number, cookie: await loginCookie(account.email, account.password) };
}

export function postLogin(email: string, password: string, ip = freshIp()) {
  return call<LoginAnswer>(login.POST, {
    method: "POST",
    path: "/api/auth/login",
    body: { email, password },
    headers: { "x-forwarded-for": ip },
  });
}

export function postSecondStep(body: unknown, cookie?: string) {
  return call<LoginAnswer>(secondStep.POST, { method: "POST", path: "/api/auth/login/two-factor", body, cookie });
}

export function setCookies(res: { headers: Headers }): string[] {
  return res.headers.getSetCookie();
}

export function cookieNamed(res: { headers: Headers }, name: string): string {
  return (
    setCookies(res)
      .find((c) => c.startsWith(`${name}=`))
      ?.split(";")[0] ?? ""
  );
}

export async function enrolledOwner(tag: string) {
  const owner = await newOwner(tag);
  const started = await call<{ secret: string; otpauthUri: string; qrCode: string }>(setup.POST, {
    method: "POST",
    path: "/api/admin/security/two-factor/setup",
    cookie: owner.cookie,
  });
  if (started.status !== 200) throw new Error(`setup failed: ${started.status} ${JSON.stringify(started.body)}`);
  const secret = started.body.secret;
  const on = await call<{ recoveryCodes: string[] }>(enable.POST, {
    method: "POST",
    path: "/api/admin/security/two-factor/enable",
    cookie: owner.cookie,
    // The previous step: the current and the next one stay free for the sign-ins that follow (each step is used once).
    body: { code: codeFor(secret, Date.now(), -1) },
  });
  if (on.status !== 200) throw new Error(`enable failed: ${on.status} ${JSON.stringify(on.body)}`);
  return { ...owner, secret, recoveryCodes: on.body.recoveryCodes };
}

export { cookieFrom };

export function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((o) => codeFor(secret, Date.now(), o)));
  return ["000000", "111111", "222222", "333333", "444444", "555555"].find((c) => !near.has(c)) ?? "999999";
}
