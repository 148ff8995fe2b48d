import { afterAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as login from "@/app/api/auth/login/route";
import * as logout from "@/app/api/auth/logout/route";
import * as sessionRoute from "@/app/api/auth/session/route";
import * as account from "@/app/api/user/account/route";
import * as password from "@/app/api/user/account/password/route";
import { getDbHandle, openDb, setDbHandle, type DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { resolveSession } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/tokens";
import { sessionListenerUp, sessionUserCache } from "@/lib/services/session-cache";
import { call, cookieFrom } from "../helpers/api";
import { registerCustomer } from "../helpers/register";
import { useServer } from "../helpers/test-db";

/**
 * Issue 12 "session resolution per request": sessions are resolved from memory (verified tokens, the
 * session fields of users), and logout, password change, profile changes and guest claims still take
 * effect at once — in this process, and (PostgreSQL) on every other instance through LISTEN/NOTIFY.
 */

const COOKIE = sessionCookieName(false);
const rawToken = (cookie: string) => decodeURIComponent(cookie.slice(COOKIE.length + 1));
let n = 0;

async function newCustomer(label: string): Promise<{ id: number; email: string; cookie: string }> {
  const email = `cache-${label}-${++n}-${Date.now()}@example.com`;
  const res = await registerCustomer<{ user: { id: number } }>(
    { email, password: "customer-pass-123", firstName: "Cache", lastName: "Test" },
    { ip: `10.12.${n}.1` },
  );
  expect(res.status).toBe(201);
  return { id: res.body.user.id, email, cookie: cookieFrom(res) };
}

const sessionOf = async (cookie: string) =>
  (await call<{ authenticated: boolean; user: { firstName: string } | null }>(sessionRoute.GET, { path: "/api/auth/session", cookie }))
    .body;

describe("session resolution from memory – revocation at once in this process", () => {
  it("logout: the replayed cookie is refused at once although the user was cached", async () => {
    const user = await newCustomer("logout");
    for (let i = 0; i < 3; i++) expect((await sessionOf(user.cookie)).authenticated).toBe(true);
    const handle = await getDbHandle();
    if (handle.kind === "pglite") expect(sessionUserCache(handle).peek(user.id)).toBeDefined(); // served from memory
    expect((await call(logout.POST, { method: "POST", path: "/api/auth/logout", cookie: user.cookie })).status).toBe(200);
    expect((await sessionOf(user.cookie)).authenticated).toBe(false);
    expect(await resolveSession(rawToken(user.cookie))).toBeNull();
  });

  it("password change: every older cookie is refused at once, the new one works", async () => {
    const user = await newCustomer("password");
    const second = cookieFrom(
      await call(login.POST, { method: "POST", path: "/api/auth/login", body: { email: user.email, password: "customer-pass-123" } }),
    );
    expect((await sessionOf(second)).authenticated).toBe(true);
    const res = await call(password.PUT, {
      method: "PUT",
      path: "/api/user/account/password",
      cookie: user.cookie,
      body: { currentPassword: "customer-pass-123", newPassword: "another-pass-456" },
    });
    expect(res.status).toBe(200);
    expect((await sessionOf(second)).authenticated).toBe(false);
    expect((await sessionOf(user.cookie)).authenticated).toBe(false);
    expect((await sessionOf(cookieFrom(res))).authenticated).toBe(true);
  });

  it("profile change: the session shows the new name at once", async () => {
    const user = await newCustomer("profile");
    expect((await sessionOf(user.cookie)).user?.firstName).toBe("Cache");
    const res = await call(account.PUT, {
      method: "PUT",
      path: "/api/user/account",
      cookie: user.cookie,
      body: { firstName: "Renamed", lastName: "Test" },
    });
    expect(res.status).toBe(200);
    expect((await sessionOf(user.cookie)).user?.firstName).toBe("Renamed");
  });

  it("a deleted user's cookie is refused (announced write)", async () => {
    const user = await newCustomer("deleted");
    expect((await sessionOf(user.cookie)).authenticated).toBe(true);
    const { changingSessionUsers } = await import("@/lib/services/session-cache");
    await changingSessionUsers([user.id], (tx) => tx.delete(users).where(eq(users.id, user.id)));
    expect((await sessionOf(user.cookie)).authenticated).toBe(false);
  });
});

describe.runIf(useServer)("session resolution from memory – two instances on one PostgreSQL database", () => {
  let a: DbHandle;
  let b: DbHandle;

  /** Runs fn as instance B would: its own pool, its own LISTEN connection, its own cache. */
  async function onB<T>(fn: () => Promise<T>): Promise<T> {
    setDbHandle(b);
    try {
      return await fn();
    } finally {
      setDbHandle(a);
    }
  }

  async function setup() {
    a = await getDbHandle();
    if (!b) {
      if (!a.url) throw new Error("the PostgreSQL handle has no url");
      b = await openDb({ url: a.url });
    }
    expect(await sessionListenerUp(a)).toBe(true);
    expect(await sessionListenerUp(b)).toBe(true);
  }

  afterAll(async () => {
    await b?.close();
  });

  it("a write that does not announce itself stays unseen by B's cache (why every write sends NOTIFY)", async () => {
    await setup();
    const user = await newCustomer("unannounced");
    expect(await onB(() => resolveSession(rawToken(user.cookie)))).not.toBeNull(); // B caches the user
    await a.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id));
    expect(await onB(() => resolveSession(rawToken(user.cookie)))).not.toBeNull(); // stale: nobody told B
    await a.db.execute(sql`select pg_notify('session_users', ${String(user.id)})`);
    await vi.waitFor(async () => expect(await onB(() => resolveSession(rawToken(user.cookie)))).toBeNull(), { timeout: 2000, interval: 5 });
  });

  it("logout on A: B refuses the cookie as soon as the commit's notification arrives", async () => {
    await setup();
    const user = await newCustomer("two-logout");
    expect(await onB(() => resolveSession(rawToken(user.cookie)))).not.toBeNull();
    expect(await onB(() => resolveSession(rawToken(user.cookie)))).not.toBeNull(); // now from B's memory
    expect((await call(logout.POST, { method: "POST", path: "/api/auth/logout", cookie: user.cookie })).status).toBe(200);
    expect(await resolveSession(rawToken(user.cookie))).toBeNull(); // A: at once
    await vi.waitFor(async () => expect(await onB(() => resolveSession(rawToken(user.cookie)))).toBeNull(), { timeout: 2000, interval: 1 });
  });

  it("password change on A: B refuses the old cookie, accepts the new one at once (a newer token asks the database)", async () => {
    await setup();
    const user = await newCustomer("two-password");
    expect(await onB(() => resolveSession(rawToken(user.cookie)))).not.toBeNull();
    const res = await call(password.PUT, {
      method: "PUT",
      path: "/api/user/account/password",
      cookie: user.cookie,
      body: { currentPassword: "customer-pass-123", newPassword: "another-pass-456" },
    });
    expect(res.status).toBe(200);
    expect(await onB(() => resolveSession(rawToken(cookieFrom(res))))).not.toBeNull();
    await vi.waitFor(async () => expect(await onB(() => resolveSession(rawToken(user.cookie)))).toBeNull(), { timeout: 2000, interval: 1 });
  });

  it("while B's LISTEN connection is down, B asks the database (a notification lost meanwhile changes nothing)", async () => {
    await setup();
    const user = await newCustomer("listener-down");
    expect(await onB(() => resolveSession(rawToken(user.cookie)))).not.toBeNull(); // cached on B
    const cacheB = sessionUserCache(b);
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'mug-shop-listen' and datname = current_database()`,
    );
    // Once B has noticed, its cache is off (and emptied) until LISTEN is back.
    await vi.waitFor(() => expect(cacheB.peek(user.id)).toBeUndefined(), { timeout: 2000, interval: 1 });
    // A change whose notification B cannot hear: B still refuses the token (it asks the database).
    await a.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id));
    expect(await onB(() => resolveSession(rawToken(user.cookie)))).toBeNull();
    // B reconnects by itself and uses its cache again.
    await vi.waitFor(async () => expect(await sessionListenerUp(b)).toBe(true), { timeout: 10_000, interval: 20 });
    const fresh = cookieFrom(
      await call(login.POST, { method: "POST", path: "/api/auth/login", body: { email: user.email, password: "customer-pass-123" } }),
    );
    expect(await onB(() => resolveSession(rawToken(fresh)))).not.toBeNull();
    expect(cacheB.peek(user.id)).toBeDefined();
  });
});
