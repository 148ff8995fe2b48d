import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * Configuration: anyone may import this module, and it imports nothing of ours (db/, lib/…), so it
 * can never be part of an import circle.
 */

/** The data folder: embedded database, stored files, generated secret, mail outbox. DATA_DIR, else ./.data. */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), ".data"));
}

const bool = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"));
const int = (def: number) => z.coerce.number().int().positive().default(def);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  /** File storage: an S3-compatible bucket when S3_BUCKET is set (lib/integrations/storage.ts), else a local folder. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a valid bucket name")
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "S3_REGION must look like eu-central-1 (or auto for R2)")
    .default("us-east-1"),
  S3_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\//, "S3_ENDPOINT must be an http(s) URL")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  S3_PREFIX: z.string().optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  /** Public URL of the shop (https marks cookies Secure; its origin is accepted in print image URLs). */
  AUTH_URL: z.string().url().optional(),
  COOKIE_SECURE: bool,
  SESSION_MAX_AGE_SECONDS: int(60 * 60 * 24 * 7),
  ADMIN_EMAIL: z.string().email().default("admin@example.com"),
  /** Unset → the development default, which a production start refuses unless SHOP_DEMO is true (lib/seed/admin.ts). */
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** `npm run demo` sets it: a local production demo that may keep the documented default admin password. */
  SHOP_DEMO: bool,
  /** Failed sign-ins per account and client network before delays; the account-wide ceiling is higher, so one client cannot keep the owner out. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(10),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL: int(100),
  LOGIN_MAX_FAILURES_PER_CLIENT: int(50),
  LOGIN_WINDOW_SECONDS: int(15 * 60),
  /** Past LOGIN_MAX_FAILURES_PER_ACCOUNT, sign-in attempts on the account are spaced 2, 4, 8 … seconds apart, at most this long (never a lock). */
  LOGIN_MAX_DELAY_SECONDS: int(60),
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).default(1),
  /** Set to "true" by scripts/server.mjs (`npm start`), which appends the peer address to X-Forwarded-For; never set by hand. */
  PEER_ADDRESS_IN_FORWARDED_FOR: bool,
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
  /** AI image providers (lib/integrations/ai): a provider is usable when its key is set; base URLs override the endpoints. */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().optional(),
  GOOGLE_BASE_URL: z.string().url().optional(),
  BFL_API_KEY: z.string().optional(),
  BFL_BASE_URL: z.string().url().optional(),
  /** Deadline of one provider call; the call is aborted when it passes. */
  AI_TIMEOUT_MS: int(60_000),
  /** Dev/test knob: the offline provider waits this long (ms) before styling, like a real model's wait (0 = none). */
  OFFLINE_AI_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** Image generations per client address and hour for guests and anonymous visitors. */
  GUEST_GENERATIONS_PER_HOUR: int(10),
  /** Image generations per signed-in customer and hour. */
  USER_GENERATIONS_PER_HOUR: int(30),
  /** Prompt tester runs per admin and hour (POST /api/admin/ai/test; one run asks up to four models). */
  ADMIN_TEST_RUNS_PER_HOUR: int(60),
  /** Image generations per hour of a customer account that has not paid an order yet (USER_GENERATIONS_PER_HOUR after). */
  NEW_ACCOUNT_GENERATIONS_PER_HOUR: int(5),
  /** Password hashes/checks (scrypt, on the thread pool file and image work share) running at once, per instance. */
  PASSWORD_HASH_CONCURRENCY: int(4),
  /** Password hashes waiting for a free slot; beyond them sign-in, registration and password changes answer 429. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(16),
  /** Accounts (customer and guest) registered per client address and hour. */
  REGISTRATIONS_PER_HOUR: int(10),
  /** Password-link mails (forgot password; registering with a guest's email) per hour, counted per client address and per email. */
  FORGOT_PASSWORD_PER_HOUR: int(5),
  /** Minutes a mailed password-reset / set-password link stays valid (single use). */
  PASSWORD_RESET_MINUTES: int(60),
  /** Lifetime of a mailed one-time sign-in link (POST /api/auth/login-link). */
  LOGIN_LINK_MINUTES: int(15),
  /** Hours a mailed sign-up confirmation link stays valid (the pending sign-up is deleted after). */
  REGISTRATION_CONFIRM_HOURS: int(24),
  /** Ceiling of the estimated AI provider spend (EUR) of the whole shop per clock hour and per UTC day; past it, generation answers 503 (the offline provider is exempt). */
  AI_BUDGET_EUR_PER_HOUR: z.coerce.number().positive().max(20_000).default(10),
  AI_BUDGET_EUR_PER_DAY: z.coerce.number().positive().max(20_000).default(50),
  /** Percent of both budgets only customers with a paid order (and admins) may spend, so visitors and new accounts cannot close generation for them. */
  AI_BUDGET_RESERVED_FOR_PAYING_PERCENT: z.coerce.number().int().min(0).max(100).default(30),
  /** Edited images (POST /api/user/images/edited) stored per user and hour. */
  EDITED_IMAGES_PER_HOUR: int(30),
  /** Storage per user (sum of their images' sizes) past which a new edited image is refused with 413. */
  USER_STORAGE_QUOTA_MB: int(200),
  /** PDF documents (receipts, invoices, print files) rendered at once per instance; beyond, a download answers 503 with Retry-After. */
  PDF_QUEUE_MAX: int(16),
  /** Print PDFs per client address and hour. */
  PDF_PER_HOUR: int(120),
  /** Orders placed (new checkouts; a replayed idempotency key is not counted) per account and hour, and per client address and hour. */
  ORDERS_PER_HOUR_PER_ACCOUNT: int(20),
  ORDERS_PER_HOUR_PER_CLIENT: int(60),
  /** Order cancellations by customers per account and hour, and per client address and hour. */
  CANCELS_PER_HOUR_PER_ACCOUNT: int(10),
  CANCELS_PER_HOUR_PER_CLIENT: int(30),
  /** Payments (lib/integrations/payments): Stripe when STRIPE_SECRET_KEY is set, else the offline sandbox (test mode). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe API address overrides (tests point the SDK at a local fake server); unset → api.stripe.com over https. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  /** With NODE_ENV=production the sandbox (test cards, no money) is refused unless this is true; then checkout answers "payment provider key missing". */
  PAYMENTS_SANDBOX: bool,
  /** An unpaid order is cancelled (status cancelled, event "expired") this many hours after its last checkout or payment attempt. */
  UNPAID_ORDER_EXPIRY_HOURS: int(48),
  /** Bearer token of POST /api/cron/* (mail retries, unpaid order expiry) for a platform scheduler; unset → those endpoints answer 503. */
  CRON_SECRET: z.string().min(16, "CRON_SECRET must be at least 16 characters").optional(),
  /** The seller on invoices, credit notes and the legal pages (Impressum, AGB, Datenschutz, Widerrufsbelehrung). Unset values show a placeholder that names the variable. */
  SELLER_NAME: z.string().min(1).optional(),
  SELLER_STREET: z.string().min(1).optional(),
  SELLER_POSTAL_CODE: z.string().min(1).optional(),
  SELLER_CITY: z.string().min(1).optional(),
  SELLER_COUNTRY: z.string().min(1).default("Deutschland"),
  SELLER_EMAIL: z.string().email().optional(),
  SELLER_PHONE: z.string().min(1).optional(),
  /** Umsatzsteuer-Identifikationsnummer (DE…), required on invoices by §14 Abs. 4 UStG (or the tax number). */
  SELLER_VAT_ID: z.string().min(1).optional(),
  SELLER_TAX_NUMBER: z.string().min(1).optional(),
  /** Managing director / owner and commercial register entry, for the Impressum. */
  SELLER_REPRESENTATIVE: z.string().min(1).optional(),
  SELLER_REGISTER: z.string().min(1).optional(),
  /** Delivery time shown to customers (landing screen): made and shipped within this many working days after payment. */
  DELIVERY_DAYS_MIN: int(3),
  DELIVERY_DAYS_MAX: int(5),
  /** Mail (lib/integrations/mail): SMTP when SMTP_URL is set (smtp:// or smtps://), else .eml files in $DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .url()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("MugMagic <shop@example.com>"),
  /** A mail that could not be sent is retried with growing pauses (1, 2, 4 … minutes, at most 6 hours) until this many attempts. */
  MAIL_MAX_ATTEMPTS: int(8),
  /** Days a guest order link (the signed /order-status/{token} link in the order mails) stays valid. */
  GUEST_ORDER_LINK_DAYS: int(180),
  /** Invalid guest order links (tampered, expired, unknown) per client address and hour; past it every guest order link answers 429 for that address. */
  GUEST_ORDER_LINK_FAILURES_PER_HOUR: int(30),
  /** Days after a guest order link was mailed that it may still cancel the order or set a password (viewing keeps GUEST_ORDER_LINK_DAYS). */
  GUEST_ORDER_LINK_WRITE_DAYS: int(14),
  /** Days after an order was placed that its link may still turn the guest account into a customer account ("set a password"). */
  GUEST_ORDER_LINK_CLAIM_DAYS: int(7),
  /** Requests per order link and hour on /api/guest/orders/{token}/* (the order page, its images and documents); beyond it 429. */
  GUEST_ORDER_LINK_REQUESTS_PER_HOUR: int(120),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** The parsed environment. Read lazily so nothing happens at import time. */
export function env(): Env {
  if (!cached) {
    // An empty variable counts as unset (e.g. DATABASE_URL= in a .env file).
    const present = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""));
    const parsed = envSchema.safeParse(present);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/**
 * Why a production start cannot know the real client address, or null. Every per-client limit counts
 * the X-Forwarded-For entry TRUSTED_PROXY_COUNT from the right: plain `next start` adds no entry of its
 * own (the caller would choose its address) unless a proxy the operator names explicitly does, and 0
 * puts every caller under one key (one client could use up everybody's limits).
 */
export function clientAddressProblem(raw: Record<string, string | undefined> = process.env): string | null {
  if (raw.NODE_ENV !== "production" || raw.NEXT_PHASE === "phase-production-build") return null;
  const count = raw.TRUSTED_PROXY_COUNT?.trim();
  if (count && Number(count) === 0) {
    return 'TRUSTED_PROXY_COUNT=0 makes every caller share one client address, so one client could use up everybody\'s limits. Set TRUSTED_PROXY_COUNT to the number of proxies that append to X-Forwarded-For, counting `npm start` itself (1 for `npm start` alone; README "Client address").';
  }
  if (count || raw.PEER_ADDRESS_IN_FORWARDED_FOR === "true") return null;
  return 'Started without scripts/server.mjs (plain `next start`?): nothing appends the caller\'s address to X-Forwarded-For, so a caller could choose the address its limits count. Start with `npm start`, or, behind a proxy or platform that appends it (Vercel: 1), set TRUSTED_PROXY_COUNT explicitly to the number of proxies that append to X-Forwarded-For (README "Client address").';
}

/** For tests that change process.env between cases. */
export function resetEnvCache(): void {
  cached = undefined;
  secret = undefined;
}

let secret: string | undefined;

/**
 * The shop's public address for links in mails (AUTH_URL without a trailing slash); without
 * AUTH_URL the local development address.
 */
export function publicBaseUrl(): string {
  return (env().AUTH_URL ?? "http://localhost:3000").replace(/\/+$/, "");
}

/**
 * The signing secret for session tokens. AUTH_SECRET when set; otherwise a random secret created once
 * in the data folder, so a fresh machine runs without configuration and sessions survive restarts.
 */
export function authSecret(): string {
  if (secret) return secret;
  const configured = env().AUTH_SECRET;
  if (configured) return (secret = configured);
  const file = path.join(dataDir(), "auth-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fresh = randomBytes(48).toString("base64url");
    try {
      fs.writeFileSync(file, fresh, { flag: "wx", mode: 0o600 });
      secret = fresh;
    } catch {
      secret = fs.readFileSync(file, "utf8").trim(); // another process won the race
    }
  }
  return secret;
}
