import { randomBytes } from "node:crypto";
import { beforeAll } from "vitest";
import * as login from "@/app/api/auth/login/route";
import * as logout from "@/app/api/auth/logout/route";
import * as session from "@/app/api/auth/session/route";
import * as adminVat from "@/app/api/admin/vat/route";
import { resetEnvCache } from "@/lib/env";
import { sessionCookieName } from "@/lib/auth/tokens";
import { call, cookieFrom } from "./api";
import { registerCustomer } from "./register";

export type User = { id: number; email: string; firstName: string | null; lastName: string | null; phone: string | null };
export type SessionBody = { authenticated: boolean; user: User | null; roles: string[] };
export type ErrorBody = { message: string; errors?: Record<string, string>; requestId: string };

export const SIGNED_OUT = { authenticated: false, user: null, roles: [] };
export const INVALID_CREDENTIALS = "Invalid email or password";
export const TOO_MANY = "Too many failed sign-in attempts. Please try again later.";
export const COOKIE_NAME = sessionCookieName(false);

let seq = 0;
const runTag = randomBytes(3).toString("hex");
/** A fresh email per scenario, so rate-limit counters never carry over between tests. */
export const freshEmail = (tag: string) => `${tag}-${runTag}-${++seq}@test.local`;
let ipSeq = 0;
export const freshIp = () => `198.51.${100 + Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

export function postLogin(body: unknown, ip: string) {
  return call<SessionBody & ErrorBody>(login.POST, { method: "POST", path: "/api/auth/login", body, headers: { "x-forwarded-for": ip } });
}

export function postRegister(body: unknown) {
  return registerCustomer<SessionBody & ErrorBody>(body);
}

export function getSession(cookie?: string) {
  return call<SessionBody>(session.GET, { path: "/api/auth/session", cookie });
}

export function postLogout(cookie?: string) {
  return call<SessionBody>(logout.POST, { method: "POST", path: "/api/auth/logout", cookie });
}

export function getAdminVat(cookie?: string) {
  return call<ErrorBody>(adminVat.GET, { path: "/api/admin/vat", cookie });
}

export async function newCustomer(tag: string) {
  const email = freshEmail(tag);
  const password = `pw-${tag}-secret`;
  const res = await postRegister({ email, password, firstName: "Fresh", lastName: tag });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, cookie: cookieFrom(res), id: res.body.user?.id };
}

export async function loginCookie(email: string, password: string): Promise<string> {
  const res = await postLogin({ email, password }, freshIp());
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return cookieFrom(res);
}

export function setupAuthEnv(): void {
  beforeAll(() => {
    // The window is stretched to a year so no scenario straddles a window boundary.
    process.env.LOGIN_WINDOW_SECONDS = String(365 * 24 * 3600);
    process.env.LOGIN_MAX_DELAY_SECONDS = "30";
    // A lower per-client limit keeps the per-client scenarios to 20 password checks at scrypt's full cost.
    process.env.LOGIN_MAX_FAILURES_PER_CLIENT = "20";
    process.env.LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL = "12";
    // These files register many accounts from one address; the registration limit has its own test (ai-money).
    process.env.REGISTRATIONS_PER_HOUR = "1000";
    // The per-client scenarios send 20 wrong passwords at once: more than the hashing cap and its queue hold.
    process.env.PASSWORD_HASH_QUEUE = "64";
    resetEnvCache();
  });
}
