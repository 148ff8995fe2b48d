import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy, config } from "@/proxy";
import { mintSessionToken, sessionCookieName, type SessionClaims } from "@/lib/auth/tokens";
import { authSecret } from "@/lib/env";
import { orderLinkToken } from "@/lib/security/order-link";

const NAME = sessionCookieName(false);
const SECURE_NAME = sessionCookieName(true);
const customer: SessionClaims = { sub: "2", email: "customer@test.local", roles: ["customer"], sv: 0 };
const admin: SessionClaims = { sub: "1", email: "admin@test.local", roles: ["admin"], sv: 0 };

const token = (claims: SessionClaims, opts: { name?: string; secret?: string; maxAge?: number } = {}) =>
  mintSessionToken(claims, opts.secret ?? authSecret(), opts.name ?? NAME, opts.maxAge ?? 3600);

function run(path: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  return proxy(new NextRequest(`http://localhost${path}`, { headers }));
}

function expectLoginRedirect(res: Response, from: string) {
  expect([307, 308]).toContain(res.status);
  const location = res.headers.get("location");
  if (!location) throw new Error("redirect without Location");
  const url = new URL(location);
  expect(url.pathname).toBe("/login");
  expect(url.searchParams.get("callbackUrl")).toBe(from);
}

function expectPass(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("location")).toBeNull();
  expect(res.headers.get("x-middleware-next")).toBe("1");
}

describe("proxy: /admin/* guard", () => {
  it("/admin/vat without a cookie → redirect to /login?callbackUrl=%2Fadmin%2Fvat", async () => {
    const res = await run("/admin/vat");
    expectLoginRedirect(res, "/admin/vat");
    expect(res.headers.get("location")).toBe("http://localhost/login?callbackUrl=%2Fadmin%2Fvat");
  });

  it("the remembered page keeps its query string", async () => {
    expectLoginRedirect(await run("/admin/articles?type=mug&page=2"), "/admin/articles?type=mug&page=2");
  });

  it("/admin itself and deep admin paths are guarded too", async () => {
    expectLoginRedirect(await run("/admin"), "/admin");
    expectLoginRedirect(await run("/admin/"), "/admin/");
    expectLoginRedirect(await run("/admin/prompts/categories/12"), "/admin/prompts/categories/12");
  });

  it("a customer token → redirect to /", async () => {
    const res = await run("/admin/vat", `${NAME}=${await token(customer)}`);
    expect([307, 308]).toContain(res.status);
    expect(res.headers.get("location")).toBe("http://localhost/");
  });

  it("a guest token → redirect to /", async () => {
    const res = await run("/admin", `${NAME}=${await token({ ...customer, roles: ["guest"] })}`);
    expect(res.headers.get("location")).toBe("http://localhost/");
  });

  it("an admin token → passes (no Location header)", async () => {
    expectPass(await run("/admin/vat", `${NAME}=${await token(admin)}`));
    expectPass(await run("/admin", `theme=dark; ${NAME}=${await token(admin)}; NEXT_LOCALE=de`));
  });

  it("a user with several roles including admin passes", async () => {
    expectPass(await run("/admin/orders", `${NAME}=${await token({ ...admin, roles: ["customer", "admin"] })}`));
  });

  it("an admin token under the __Secure- cookie name (HTTPS deployments) passes", async () => {
    expectPass(await run("/admin/vat", `${SECURE_NAME}=${await token(admin, { name: SECURE_NAME })}`));
  });

  const refused: { title: string; cookie: () => Promise<string> }[] = [
    { title: "garbage", cookie: async () => `${NAME}=garbage` },
    { title: "signed with another secret", cookie: async () => `${NAME}=${await token(admin, { secret: "s".repeat(48) })}` },
    { title: "minted for another cookie name", cookie: async () => `${NAME}=${await token(admin, { name: SECURE_NAME })}` },
    { title: "expired", cookie: async () => `${NAME}=${await token(admin, { maxAge: -3600 })}` },
    { title: "tampered", cookie: async () => `${NAME}=${(await token(admin)).slice(0, -4)}AAAA` },
    { title: "admin token under an unrelated cookie name", cookie: async () => `session=${await token(admin)}` },
  ];
  for (const row of refused) {
    it(`an admin token that is ${row.title} → redirect to /login`, async () => {
      expectLoginRedirect(await run("/admin/vat", await row.cookie()), "/admin/vat");
    });
  }
});

describe("proxy: other paths", () => {
  for (const path of [
    "/",
    "/editor",
    "/cart",
    "/checkout",
    "/orders",
    "/my-images",
    "/login?callbackUrl=%2Fadmin",
    "/order-success/42",
    "/administrator",
    "/adminx/vat",
    "/shop/admin",
  ]) {
    it(`${path} passes without a cookie`, async () => {
      expectPass(await run(path));
    });
  }

  it("non-admin paths pass with any cookie, even a customer one", async () => {
    expectPass(await run("/cart", `${NAME}=${await token(customer)}`));
    expectPass(await run("/orders", `${NAME}=garbage`));
  });

  it("the page path (with query) is handed to the server components as x-pathname", async () => {
    const res = await run("/orders?page=3");
    expect(res.headers.get("x-middleware-request-x-pathname")).toBe("/orders?page=3");
    const adminRes = await run("/admin/vat?x=1", `${NAME}=${await token(admin)}`);
    expect(adminRes.headers.get("x-middleware-request-x-pathname")).toBe("/admin/vat?x=1");
  });

  it("the matcher leaves API routes and static files out", () => {
    const matcher = config.matcher[0];
    if (!matcher) throw new Error("matcher is configured");
    const re = new RegExp(`^${matcher}$`);
    for (const path of ["/admin/vat", "/", "/cart", "/admin"]) expect(re.test(path), path).toBe(true);
    for (const path of [
      "/api/auth/session",
      "/api/admin/vat",
      "/_next/static/chunk.js",
      "/_next/image",
      "/favicon.ico",
      "/images/mug.png",
      "/styles.css",
    ]) {
      expect(re.test(path), path).toBe(false);
    }
  });
});

describe("proxy: /order-status/{token}", () => {
  const ORDER = "7d3f9a52-4c1e-4b8a-9f0e-2a6b5c4d3e21";

  it("a genuine, unexpired link passes to the page (which checks the order and its link version)", async () => {
    expectPass(await run(`/order-status/${orderLinkToken(ORDER)}`));
  });

  it("a tampered, made-up or expired link is rewritten to an unknown address (HTTP 404 there), keeping the original path for the explanation", async () => {
    const genuine = orderLinkToken(ORDER);
    const tampered = `${genuine.slice(0, 5)}${genuine[5] === "A" ? "B" : "A"}${genuine.slice(6)}`;
    const expired = orderLinkToken(ORDER, new Date(Date.now() - 200 * 86_400_000));
    for (const bad of [tampered, "A".repeat(54), "kaputt", expired]) {
      const res = await run(`/order-status/${bad}`);
      expect(res.headers.get("x-middleware-rewrite"), bad).toBe("http://localhost/order-status/invalid/link");
      expect(res.headers.get("x-middleware-request-x-pathname")).toBe(`/order-status/${bad}`);
      expect(res.headers.get("content-security-policy")).toBeTruthy();
    }
  });
});
