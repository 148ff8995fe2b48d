import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, cookieFor, type Role } from "../helpers/api";
import { registerGuest } from "../helpers/cart";

/**
 * Every back-office route on disk × every role, so a new route cannot be left out: anonymous 401,
 * guests and customers 403, staff 403 unless STAFF_MAY lists the route (then anything but 401/403),
 * the owner anything but 401/403. Handlers are called with made-up ids and no body: the role check
 * comes first, and the owner's and allowed staff calls end in 404/415/422 without changing anything.
 */

/** What the spec lets staff do: orders (not the CSV export), refunds up to a limit, customers read-only, the outbox read. */
const STAFF_MAY = new Set([
  "GET orders",
  "GET orders/[orderId]",
  "POST orders/[orderId]/process",
  "POST orders/[orderId]/complete",
  "POST orders/[orderId]/deliver",
  "POST orders/[orderId]/cancel",
  "POST orders/[orderId]/refund",
  "POST orders/[orderId]/resend-receipt",
  "POST orders/[orderId]/revoke-links",
  "PUT orders/[orderId]/shipping-address",
  "GET orders/[orderId]/invoice",
  "GET orders/[orderId]/packing-slip",
  "GET orders/[orderId]/items/[itemId]/print",
  "POST orders/bulk",
  "GET orders/packing-slips",
  "GET orders/print-zip",
  "GET customers",
  "GET customers/[customerId]",
  "GET mail",
  "GET mail/[mailId]/content",
  "GET security/two-factor",
  "POST security/two-factor/setup",
  "POST security/two-factor/enable",
  "POST security/two-factor/disable",
  "POST security/two-factor/recovery-codes",
]);

const ROOT = path.resolve(__dirname, "../../app/api/admin");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

const routes = routeFiles(ROOT)
  .map((file) => path.relative(ROOT, path.dirname(file)).split(path.sep).join("/"))
  .sort();

type Handler = Parameters<typeof call>[0];

async function handlersOf(route: string): Promise<[string, Handler][]> {
  const mod = (await import(/* @vite-ignore */ path.join(ROOT, route, "route.ts"))) as Record<string, unknown>;
  return METHODS.flatMap((m) => (typeof mod[m] === "function" ? [[m, mod[m] as Handler] as [string, Handler]] : []));
}

/** A made-up value per dynamic segment: ids that name nothing, so allowed calls end in 404 or 422. */
function paramsOf(route: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of route.matchAll(/\[(\w+)\]/g))
    out[m[1] as string] = m[1] === "orderId" ? "00000000-0000-4000-8000-000000000000" : "999999";
  return out;
}

let guestCookie = "";
beforeAll(async () => {
  guestCookie = (await registerGuest()).cookie;
});

async function statusFor(handler: Handler, method: string, route: string, role: Role | "guest"): Promise<number> {
  const res = await call(handler, {
    method,
    path: `/api/admin/${route}`,
    params: paramsOf(route),
    cookie: role === "guest" ? guestCookie : await cookieFor(role),
  });
  return res.status;
}

describe("access matrix of every /api/admin route", () => {
  it("finds the route files and every staff entry names a real route", async () => {
    expect(routes.length).toBeGreaterThan(70);
    const known = new Set<string>();
    for (const r of routes) for (const [m] of await handlersOf(r)) known.add(`${m} ${r}`);
    expect([...STAFF_MAY].filter((k) => !known.has(k))).toEqual([]);
  });

  for (const route of routes) {
    it(`${route}: anonymous 401, guest and customer 403, staff per the map, owner allowed`, async () => {
      const handlers = await handlersOf(route);
      expect(handlers.length).toBeGreaterThan(0);
      for (const [method, handler] of handlers) {
        const key = `${method} ${route}`;
        expect([key, await statusFor(handler, method, route, "anonymous")]).toEqual([key, 401]);
        expect([key, await statusFor(handler, method, route, "guest")]).toEqual([key, 403]);
        expect([key, await statusFor(handler, method, route, "customer")]).toEqual([key, 403]);
        const staff = await statusFor(handler, method, route, "staff");
        if (STAFF_MAY.has(key)) expect([key, [401, 403].includes(staff)]).toEqual([key, false]);
        else expect([key, staff]).toEqual([key, 403]);
        const owner = await statusFor(handler, method, route, "admin");
        expect([key, [401, 403].includes(owner)]).toEqual([key, false]);
      }
    });
  }
});
