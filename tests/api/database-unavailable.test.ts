import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as login from "@/app/api/auth/login/route";
import * as cart from "@/app/api/user/cart/route";
import { openDb, peekDbHandle, setDbHandle, type DbHandle } from "@/db/client";
import { isServiceUnreachable } from "@/lib/errors";
import en from "@/messages/en.json";
import de from "@/messages/de.json";
import { call, cookieFor } from "../helpers/api";

/**
 * A database that cannot be reached answers 503 with the error envelope (and Retry-After), never a
 * 500; the process keeps serving once it is back. The "down" database is real postgres.js pointed at
 * a port nothing listens on (the two-instance browser test cuts a live connection too).
 */

type Body = { message?: string; requestId?: string; status?: string; database?: { reachable: boolean } };

let working: DbHandle;
let down: DbHandle;
let cookie: string | undefined;

beforeAll(async () => {
  cookie = await cookieFor("customer");
  const current = peekDbHandle();
  if (!current) throw new Error("the test database is open");
  working = await current;
  down = await openDb({ url: "postgres://postgres@127.0.0.1:1/unreachable" });
});

afterAll(async () => {
  setDbHandle(working);
  await down.close();
});

describe("the database goes away", () => {
  it("requests answer 503 with the translated envelope and Retry-After; /api/health says the database is unreachable; back again, they succeed", async () => {
    setDbHandle(down);
    try {
      const signIn = await call<Body>(login.POST, {
        method: "POST",
        path: "/api/auth/login",
        body: { email: "someone@example.com", password: "some-password-1" },
      });
      expect(signIn.status).toBe(503);
      expect(signIn.body.message).toBe("The service is temporarily unavailable. Please try again in a moment.");
      expect(signIn.body.requestId).toEqual(expect.any(String));
      expect(signIn.headers.get("retry-after")).toBe("5");
      expect(JSON.stringify(signIn.body)).not.toMatch(/ECONNREFUSED|\bat /);

      const german = await call<Body>(cart.GET, { path: "/api/user/cart", cookie, headers: { "accept-language": "de" } });
      expect(german.status).toBe(503);
      expect(german.body.message).toBe(de.errors.serviceUnavailable);

      const check = await call<Body>(health.GET, { path: "/api/health" });
      expect(check.status).toBe(503);
      expect(check.body).toEqual({ status: "unavailable", database: { reachable: false } });
    } finally {
      setDbHandle(working);
    }
    expect((await call<Body>(cart.GET, { path: "/api/user/cart", cookie })).status).toBe(200);
    expect((await call<Body>(health.GET, { path: "/api/health" })).status).toBe(200);
  });

  it("tells connection failures from errors of the request itself", () => {
    const wrapped = (cause: object) => Object.assign(new Error("Failed query: select 1"), { cause });
    expect(isServiceUnreachable(wrapped(Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" })))).toBe(true);
    expect(isServiceUnreachable(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isServiceUnreachable(wrapped({ code: "57P01", message: "terminating connection due to administrator command" }))).toBe(true);
    expect(isServiceUnreachable(wrapped({ code: "08006", message: "connection failure" }))).toBe(true);
    expect(isServiceUnreachable(wrapped({ code: "23505", message: "duplicate key" }))).toBe(false);
    expect(isServiceUnreachable(new Error("boom"))).toBe(false);
    expect(en.errors.serviceUnavailable).toBeTruthy();
  });
});
