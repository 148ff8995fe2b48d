import { describe, expect, it } from "vitest";
import * as confirmRegistration from "@/app/api/auth/register/confirm/route";
import * as register from "@/app/api/auth/register/route";
import * as session from "@/app/api/auth/session/route";
import * as health from "@/app/api/health/route";
import * as adminVat from "@/app/api/admin/vat/route";
import { route } from "@/lib/api/route";
import { authSecret } from "@/lib/env";
import { mintSessionToken, readSessionToken, sessionCookieName } from "@/lib/auth/tokens";
import { call, cookieFrom, type CallResult } from "../helpers/api";
import { TEST_USERS, useServer } from "../helpers/test-db";
import {
  COOKIE_NAME,
  SIGNED_OUT,
  freshEmail,
  freshIp,
  getAdminVat,
  getSession,
  loginCookie,
  newCustomer,
  postLogin,
  postLogout,
  postRegister,
  setupAuthEnv,
  type ErrorBody,
} from "../helpers/auth";

setupAuthEnv();

describe("GET /api/auth/session", () => {
  it("GET /api/auth/session – anonymous → not authenticated, no caching", async () => {
    const res = await getSession();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("GET /api/auth/session – with the login cookie → authenticated with roles", async () => {
    const cookie = await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password);
    const res = await getSession(cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      authenticated: true,
      user: { id: expect.any(Number), email: TEST_USERS.customer.email, firstName: "Test", lastName: "Customer", phone: null },
      roles: ["customer"],
    });
    const admin = await getSession(await loginCookie(TEST_USERS.admin.email, TEST_USERS.admin.password));
    expect(admin.body.authenticated).toBe(true);
    expect(admin.body.roles).toContain("admin");
  });

  it("GET /api/auth/session – the cookie is found among other cookies", async () => {
    const cookie = await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password);
    const res = await getSession(`theme=dark; ${cookie}; NEXT_LOCALE=de`);
    expect(res.body.authenticated).toBe(true);
  });

  it("GET /api/auth/session – tampered, garbage or foreign cookies → not authenticated (never an error)", async () => {
    const cookie = await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password);
    const value = cookie.slice(COOKIE_NAME.length + 1);
    const flip = (s: string, at: number) => `${s.slice(0, at)}${s[at] === "A" ? "B" : "A"}${s.slice(at + 1)}`;
    const claims = { sub: "1", email: TEST_USERS.admin.email, roles: ["admin" as const], sv: 0 };
    const maxAge = 3600;
    const cases: { title: string; cookie: string }[] = [
      { title: "garbage", cookie: `${COOKIE_NAME}=garbage` },
      { title: "empty value", cookie: `${COOKIE_NAME}=` },
      { title: "tampered payload", cookie: `${COOKIE_NAME}=${flip(value, Math.floor(value.length / 2))}` },
      { title: "tampered tag", cookie: `${COOKIE_NAME}=${flip(value, value.length - 3)}` },
      { title: "truncated", cookie: `${COOKIE_NAME}=${value.slice(0, -10)}` },
      {
        title: "signed with another secret",
        cookie: `${COOKIE_NAME}=${await mintSessionToken(claims, "x".repeat(48), COOKIE_NAME, maxAge)}`,
      },
      {
        title: "minted for another cookie name",
        cookie: `${COOKIE_NAME}=${await mintSessionToken(claims, authSecret(), sessionCookieName(true), maxAge)}`,
      },
      { title: "expired", cookie: `${COOKIE_NAME}=${await mintSessionToken(claims, authSecret(), COOKIE_NAME, -3600)}` },
      {
        title: "valid signature but a user that does not exist",
        cookie: `${COOKIE_NAME}=${await mintSessionToken({ ...claims, sub: "99999999" }, authSecret(), COOKIE_NAME, maxAge)}`,
      },
      {
        title: "valid signature but a non-numeric user id",
        cookie: `${COOKIE_NAME}=${await mintSessionToken({ ...claims, sub: "abc" }, authSecret(), COOKIE_NAME, maxAge)}`,
      },
      { title: "malformed percent-encoding", cookie: `${COOKIE_NAME}=%E0%A4%A` },
      { title: "the right token under another cookie name", cookie: `other.session-token=${value}` },
    ];
    for (const c of cases) {
      const res = await getSession(c.cookie);
      expect(res.status, c.title).toBe(200);
      expect(res.body, c.title).toEqual(SIGNED_OUT);
    }
  });

  it("GET /api/auth/session – a token with a stale session version is refused, even with a forged admin role", async () => {
    const user = await newCustomer("stale-sv");
    const ok = await getSession(user.cookie);
    expect(ok.body.authenticated).toBe(true);
    const forged = await mintSessionToken(
      { sub: String(user.id), email: user.email, roles: ["admin"], sv: 12345 },
      authSecret(),
      COOKIE_NAME,
      3600,
    );
    expect((await getSession(`${COOKIE_NAME}=${forged}`)).body).toEqual(SIGNED_OUT);
  });

  it("GET /api/auth/session – roles come from the database, not from the token", async () => {
    const user = await newCustomer("roles-from-db");
    const current = await readSessionToken(user.cookie.slice(COOKIE_NAME.length + 1), authSecret(), COOKIE_NAME);
    if (!current) throw new Error("the register cookie is a valid session token");
    // A correctly signed token for this user with the current session version, but claiming admin.
    const forged = `${COOKIE_NAME}=${await mintSessionToken({ ...current, roles: ["admin"] }, authSecret(), COOKIE_NAME, 3600)}`;
    const res = await getSession(forged);
    expect(res.body).toMatchObject({ authenticated: true, roles: ["customer"] });
    expect((await getAdminVat(forged)).status).toBe(403);
  });
});

describe("POST /api/auth/logout", () => {
  it("POST /api/auth/logout – the same cookie replayed afterwards is refused; a new login works", async () => {
    const user = await newCustomer("logout");
    expect((await getSession(user.cookie)).body.authenticated).toBe(true);
    expect((await getAdminVat(user.cookie)).status).toBe(403);

    const res = await postLogout(user.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
    const cleared = (res.headers.get("set-cookie") ?? "").toLowerCase();
    expect(cleared.startsWith(`${COOKIE_NAME}=;`)).toBe(true);
    expect(cleared).toContain("max-age=0");

    expect((await getSession(user.cookie)).body).toEqual(SIGNED_OUT);
    const replay = await getAdminVat(user.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe("Authentication required");

    const again = await loginCookie(user.email, user.password);
    expect(again).not.toBe(user.cookie);
    expect((await getSession(again)).body).toMatchObject({ authenticated: true, user: { email: user.email } });
    expect((await getSession(user.cookie)).body).toEqual(SIGNED_OUT);
  });

  it("POST /api/auth/logout – an admin's replayed cookie loses access to admin routes", async () => {
    const cookie = await loginCookie(TEST_USERS.admin.email, TEST_USERS.admin.password);
    expect((await getAdminVat(cookie)).status).toBe(200);
    expect((await postLogout(cookie)).status).toBe(200);
    const replay = await getAdminVat(cookie);
    expect(replay.status).toBe(401);
    expect((await getSession(cookie)).body).toEqual(SIGNED_OUT);
    const fresh = await loginCookie(TEST_USERS.admin.email, TEST_USERS.admin.password);
    expect((await getAdminVat(fresh)).status).toBe(200);
  });

  it("POST /api/auth/logout – ends every session of the user, not just the one used", async () => {
    const user = await newCustomer("logout-all");
    const second = await loginCookie(user.email, user.password);
    expect((await getSession(second)).body.authenticated).toBe(true);
    await postLogout(user.cookie);
    expect((await getSession(second)).body).toEqual(SIGNED_OUT);
  });

  it("POST /api/auth/logout – without a session → 200, still clears the cookie", async () => {
    const res = await postLogout();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
    expect(res.headers.get("set-cookie")).toContain(`${COOKIE_NAME}=;`);
    const replayed = await postLogout(`${COOKIE_NAME}=garbage`);
    expect(replayed.status).toBe(200);
  });

  it("POST /api/auth/logout – logging out twice with the same cookie → 200 both times", async () => {
    const user = await newCustomer("logout-twice");
    expect((await postLogout(user.cookie)).status).toBe(200);
    expect((await postLogout(user.cookie)).status).toBe(200);
    // The second logout did not end the next session (it had no session of its own).
    const fresh = await loginCookie(user.email, user.password);
    await postLogout(user.cookie);
    expect((await getSession(fresh)).body.authenticated).toBe(true);
  });
});

describe("role checks on admin routes (GET /api/admin/vat)", () => {
  it("GET /api/admin/vat – anonymous → 401 Authentication required", async () => {
    const res = await getAdminVat();
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Authentication required");
  });

  it("GET /api/admin/vat – a customer cookie → 403", async () => {
    const res = await getAdminVat(await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You do not have permission to do this");
  });

  it("GET /api/admin/vat – a guest cookie → 403", async () => {
    const guest = await postRegister({ email: freshEmail("guest-admin"), guest: true });
    expect((await getAdminVat(cookieFrom(guest))).status).toBe(403);
  });

  it("GET /api/admin/vat – an admin cookie → 200", async () => {
    const res = await getAdminVat(await loginCookie(TEST_USERS.admin.email, TEST_USERS.admin.password));
    expect(res.status).toBe(200);
  });
});

describe("error envelope", () => {
  it("every error answer carries a requestId matching its x-request-id header", async () => {
    const customer = await loginCookie(TEST_USERS.customer.email, TEST_USERS.customer.password);
    const answers: [string, CallResult<ErrorBody>][] = [
      ["401 anonymous admin route", await getAdminVat()],
      ["403 customer on admin route", await getAdminVat(customer)],
      ["401 wrong password", await postLogin({ email: TEST_USERS.customer.email, password: "nope-nope" }, freshIp())],
      ["422 validation", await postRegister({ email: "bad" })],
      ["400 invalid JSON", await postLogin("{", freshIp())],
      [
        "404 unknown confirmation link",
        await call<ErrorBody>(confirmRegistration.POST, { method: "POST", body: { token: "no-such-token", password: "any-password" } }),
      ],
      ["415 not JSON", await call<ErrorBody>(register.POST, { method: "POST", body: "x", headers: { "content-type": "text/plain" } })],
    ];
    const ids = new Set<string>();
    for (const [title, res] of answers) {
      expect(res.status, title).toBeGreaterThanOrEqual(400);
      expect(res.body.requestId, title).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get("x-request-id"), title).toBe(res.body.requestId);
      expect(res.headers.get("content-type"), title).toContain("application/json");
      ids.add(res.body.requestId);
    }
    expect(ids.size).toBe(answers.length);
  });

  it("a request id sent by the caller (e.g. a load balancer) is used, and successful answers carry it too", async () => {
    const failed = await call<ErrorBody>(adminVat.GET, { headers: { "x-request-id": "lb-1234" } });
    expect(failed.body.requestId).toBe("lb-1234");
    expect(failed.headers.get("x-request-id")).toBe("lb-1234");
    const ok = await call(session.GET, { headers: { "x-request-id": "lb-5678" } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toBe("lb-5678");
    const generated = await getSession();
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a server error → 500 with the generic message and the requestId, no stack trace or internal detail", async () => {
    const failing = route({ access: "public" }, async () => {
      throw new Error("boom: secret internal detail");
    });
    const res = await call<ErrorBody>(failing, { path: "/api/test/boom" });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "An unexpected error occurred. Please try again.", requestId: expect.any(String) });
    expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("boom");
    expect(text).not.toContain("stack");
    expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it("a non-Error thrown value is also a 500 with the generic message", async () => {
    const failing = route({ access: "public" }, async () => {
      throw "plain string";
    });
    const res = await call<ErrorBody>(failing);
    expect(res.status).toBe(500);
    expect(res.body.message).toBe("An unexpected error occurred. Please try again.");
    expect(JSON.stringify(res.body)).not.toContain("plain string");
  });
});

describe("GET /api/health", () => {
  it("GET /api/health – 200 with the database reachable", async () => {
    const res = await call<{ status: string; database: { reachable: boolean; kind: string } }>(health.GET, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: { reachable: true } });
    expect(res.body.database.kind).toBe(useServer ? "postgres" : "pglite");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
