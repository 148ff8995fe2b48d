export const BASE_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value:
      'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), interest-cohort=(), payment=(self "https://js.stripe.com")',
  },
];

export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

const STRIPE_PAGES = new Set(["/checkout"]);

export function usesStripe(pathname: string): boolean {
  return STRIPE_PAGES.has(pathname);
}

const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  img: ["https://*.stripe.com"],
};

export type PolicyOptions = {
  nonce: string;
  stripe: boolean;
  https: boolean;
  dev: boolean;
};

// Styles allow inline: React `style` attributes and injected <style> elements carry no nonce.
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
