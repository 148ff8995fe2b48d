/**
 * Pure, so proxy.ts, next.config.ts and the tests share one definition. Pages get a per-request nonce
 * that Next puts on its own scripts; 'strict-dynamic' lets those load their chunks and Stripe.js.
 */

/** Static headers for every answer. `payment` stays available to Stripe's frames for wallets. Only features Chromium knows (it warns about any other on every page; tests/e2e/csp.spec.ts). */
export const BASE_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value:
      'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), interest-cohort=(), payment=(self "https://js.stripe.com")',
  },
];

/** Two years, the usual HSTS lifetime; no `preload` (that is a decision for the operator). */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Pages that load Stripe.js (the Payment Element). Only their policy names Stripe's hosts. */
const STRIPE_PAGES = new Set(["/checkout"]);

export function usesStripe(pathname: string): boolean {
  return STRIPE_PAGES.has(pathname);
}

/** Stripe's documented CSP sources for Stripe.js and the Payment Element. */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  img: ["https://*.stripe.com"],
};

export type PolicyOptions = {
  nonce: string;
  stripe: boolean;
  /** Served over https: ask the browser to upgrade any http sub-request. */
  https: boolean;
  /** `next dev`: React's dev tooling needs eval. */
  dev: boolean;
};

/**
 * The page policy. Styles allow inline: React renders `style` attributes and libraries (toasts,
 * cropper) inject <style> elements without a nonce; a nonce in style-src would turn that off.
 */
export function contentSecurityPolicy({ nonce, stripe, https, dev }: PolicyOptions): string {
  if (!/^[A-Za-z0-9+/=_-]+$/.test(nonce)) throw new Error("invalid CSP nonce");
  const extra = (list: string[]) => (stripe ? list : []);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...extra(STRIPE.script), ...(dev ? ["'unsafe-eval'"] : [])]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "blob:", "data:", ...extra(STRIPE.img)]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...extra(STRIPE.connect)]],
    ["frame-src", stripe ? STRIPE.frame : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  const policy = directives.map(([name, sources]) => `${name} ${sources.join(" ")}`);
  if (https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** 128 random bits, base64: unguessable and new for every request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Behind proxies, X-Forwarded-Proto is read from the right like X-Forwarded-For, so only a trusted proxy's entry counts. */
export function servedOverHttps(
  req: { url: string; headers: Headers },
  opts: { authUrl: string | undefined; trustedProxyCount: number },
): boolean {
  if (new URL(req.url).protocol === "https:") return true;
  if (opts.authUrl?.startsWith("https://")) return true;
  if (opts.trustedProxyCount <= 0) return false;
  const entries = (req.headers.get("x-forwarded-proto") ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return false;
  return entries[Math.max(0, entries.length - opts.trustedProxyCount)] === "https";
}
