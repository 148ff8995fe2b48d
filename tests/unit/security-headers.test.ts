import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import nextConfig from "@/next.config";
import { resetEnvCache } from "@/lib/env";
import { BASE_SECURITY_HEADERS, contentSecurityPolicy, newNonce, servedOverHttps, usesStripe } from "@/lib/security/headers";

function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

function sources(policy: string, directive: string): string[] {
  const found = directives(policy).get(directive);
  if (!found) throw new Error(`${directive} missing in ${policy}`);
  return found;
}

const STRIPE_HOSTS = ["https://js.stripe.com", "https://api.stripe.com", "https://hooks.stripe.com"];

describe("contentSecurityPolicy", () => {
  const plain = contentSecurityPolicy({ nonce: "abc123", stripe: false, https: false, dev: false });

  it("scripts only with this request's nonce (and what they load), no inline or eval in production", () => {
    const script = sources(plain, "script-src");
    expect(script).toContain("'nonce-abc123'");
    expect(script).toContain("'strict-dynamic'");
    expect(script).toContain("'self'");
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
  });

  it("no framing, no plugins, no foreign base or form targets", () => {
    expect(sources(plain, "frame-ancestors")).toEqual(["'none'"]);
    expect(sources(plain, "object-src")).toEqual(["'none'"]);
    expect(sources(plain, "base-uri")).toEqual(["'self'"]);
    expect(sources(plain, "form-action")).toEqual(["'self'"]);
    expect(sources(plain, "default-src")).toEqual(["'self'"]);
    expect(sources(plain, "frame-src")).toEqual(["'none'"]);
  });

  it("images from the shop itself plus blob: and data: (crop previews), nothing else", () => {
    expect(sources(plain, "img-src").sort()).toEqual(["'self'", "blob:", "data:"]);
    expect(sources(plain, "connect-src")).toEqual(["'self'"]);
  });

  it("names no Stripe host off the checkout", () => {
    for (const host of STRIPE_HOSTS) expect(plain).not.toContain(host);
  });

  it("on the checkout: Stripe.js, its API and its frames are allowed", () => {
    const stripe = contentSecurityPolicy({ nonce: "n", stripe: true, https: false, dev: false });
    expect(sources(stripe, "script-src")).toContain("https://js.stripe.com");
    expect(sources(stripe, "connect-src")).toEqual(expect.arrayContaining(["'self'", "https://api.stripe.com"]));
    expect(sources(stripe, "frame-src")).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com"]));
    expect(sources(stripe, "frame-src")).not.toContain("'none'");
    expect(sources(stripe, "frame-ancestors")).toEqual(["'none'"]);
  });

  it("development adds 'unsafe-eval' (React's dev tooling) and nothing else changes", () => {
    const dev = contentSecurityPolicy({ nonce: "abc123", stripe: false, https: false, dev: true });
    expect(sources(dev, "script-src")).toContain("'unsafe-eval'");
    expect(sources(dev, "frame-ancestors")).toEqual(["'none'"]);
  });

  it("over https, upgrade-insecure-requests; over http not (it would break a local shop)", () => {
    expect(directives(plain).has("upgrade-insecure-requests")).toBe(false);
    expect(directives(contentSecurityPolicy({ nonce: "n", stripe: false, https: true, dev: false })).has("upgrade-insecure-requests")).toBe(
      true,
    );
  });

  it("rejects a nonce that could break out of the header", () => {
    expect(() => contentSecurityPolicy({ nonce: "x'; script-src *", stripe: false, https: false, dev: false })).toThrow();
  });
});

describe("newNonce / usesStripe / servedOverHttps", () => {
  it("a nonce is 128 random bits in base64, new each time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });

  it("only the checkout uses Stripe.js", () => {
    expect(usesStripe("/checkout")).toBe(true);
    for (const p of ["/", "/cart", "/checkoutx", "/orders", "/order-success/5", "/admin/orders", "/editor"])
      expect(usesStripe(p), p).toBe(false);
  });

  const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
  it("https: the request URL, AUTH_URL, or X-Forwarded-Proto from a trusted proxy", () => {
    expect(servedOverHttps(req("https://shop.example/"), { authUrl: undefined, trustedProxyCount: 1 })).toBe(true);
    expect(servedOverHttps(req("http://127.0.0.1:3000/"), { authUrl: undefined, trustedProxyCount: 1 })).toBe(false);
    expect(servedOverHttps(req("http://127.0.0.1:3000/"), { authUrl: "https://shop.example", trustedProxyCount: 1 })).toBe(true);
    expect(servedOverHttps(req("http://127.0.0.1:3000/"), { authUrl: "http://localhost:3000", trustedProxyCount: 1 })).toBe(false);
    expect(
      servedOverHttps(req("http://127.0.0.1:3000/", { "x-forwarded-proto": "https" }), { authUrl: undefined, trustedProxyCount: 1 }),
    ).toBe(true);
    expect(
      servedOverHttps(req("http://127.0.0.1:3000/", { "x-forwarded-proto": "http" }), { authUrl: undefined, trustedProxyCount: 1 }),
    ).toBe(false);
  });

  it("X-Forwarded-Proto counts only behind trusted proxies, read like X-Forwarded-For from the right", () => {
    const https = req("http://127.0.0.1:3000/", { "x-forwarded-proto": "https" });
    expect(servedOverHttps(https, { authUrl: undefined, trustedProxyCount: 0 })).toBe(false);
    // The client wrote "https", the one trusted proxy appended the real "http".
    const chain = req("http://127.0.0.1:3000/", { "x-forwarded-proto": "https, http" });
    expect(servedOverHttps(chain, { authUrl: undefined, trustedProxyCount: 1 })).toBe(false);
    expect(servedOverHttps(chain, { authUrl: undefined, trustedProxyCount: 2 })).toBe(true);
  });
});

describe("proxy: security headers on pages", () => {
  afterEach(() => {
    delete process.env.AUTH_URL;
    resetEnvCache();
  });

  const run = (p: string, headers: Record<string, string> = {}) => proxy(new NextRequest(`http://localhost${p}`, { headers }));
  const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

  it("every page answer carries a CSP with a fresh nonce, handed to the render as a request header", async () => {
    const first = await run("/cart");
    const policy = first.headers.get("content-security-policy");
    const nonce = nonceOf(policy);
    expect(nonce).toBeTruthy();
    // Next reads the nonce from the request's CSP header and puts it on its own scripts.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(nonceOf((await run("/cart")).headers.get("content-security-policy"))).not.toBe(nonce);
    for (const host of STRIPE_HOSTS) expect(policy).not.toContain(host);
  });

  it("the checkout's policy allows Stripe.js, other pages' do not", async () => {
    expect((await run("/checkout")).headers.get("content-security-policy")).toContain("https://js.stripe.com");
    expect((await run("/checkout?orderId=7")).headers.get("content-security-policy")).toContain("https://js.stripe.com");
    expect((await run("/orders")).headers.get("content-security-policy")).not.toContain("stripe");
  });

  it("a client's own CSP request header is replaced, never passed on to the render", async () => {
    const res = await run("/", { "content-security-policy": "script-src 'nonce-attacker'" });
    expect(res.headers.get("x-middleware-request-content-security-policy")).not.toContain("attacker");
  });

  it("redirects of the admin guard carry the headers too", async () => {
    const res = await run("/admin/vat");
    expect(res.headers.get("location")).toContain("/login");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("HSTS only over https", async () => {
    expect((await run("/")).headers.get("strict-transport-security")).toBeNull();
    const behindProxy = await run("/", { "x-forwarded-proto": "https" });
    expect(behindProxy.headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    process.env.AUTH_URL = "https://shop.example";
    resetEnvCache();
    const configured = await run("/");
    expect(configured.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    expect(configured.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});

describe("next.config: headers on every answer (pages, API, files)", () => {
  it("nosniff, Referrer-Policy and Permissions-Policy for every path", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const all = rules.find((r) => r.source === "/:path*");
    if (!all) throw new Error("a header rule for /:path*");
    const byKey = new Map(all.headers.map((h) => [h.key.toLowerCase(), h.value]));
    expect(byKey.get("x-content-type-options")).toBe("nosniff");
    expect(byKey.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const permissions = byKey.get("permissions-policy") ?? "";
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "usb=()", 'payment=(self "https://js.stripe.com")'])
      expect(permissions).toContain(feature);
    expect(all.headers).toEqual(BASE_SECURITY_HEADERS);
  });
});

describe("one sign-in surface", () => {
  const root = path.resolve(__dirname, "../..");
  it("Auth.js is not mounted: no route under /api/authjs and no NextAuth() instance", () => {
    expect(fs.existsSync(path.join(root, "app/api/authjs"))).toBe(false);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(full, "utf8");
          // next-auth/jwt (the token format) is fine; the provider machinery and its client are not.
          if (/from "next-auth(\/react|\/providers[^"]*)?"/.test(text) || text.includes("/api/authjs"))
            offenders.push(path.relative(root, full));
        }
      }
    };
    for (const dir of ["app", "components", "lib"]) walk(path.join(root, dir));
    expect(offenders).toEqual([]);
  });
});
