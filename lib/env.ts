import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";

/** Imports nothing of ours, so it can never be part of an import circle. Each variable is explained in .env.example. */

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
  AUTH_URL: z.string().url().optional(),
  COOKIE_SECURE: bool,
  SESSION_MAX_AGE_SECONDS: int(60 * 60 * 24 * 7),
  ADMIN_EMAIL: z.string().email().default("admin@example.com"),
  /** Unset → the development default, which a production start refuses unless SHOP_DEMO is true (lib/seed/admin.ts). */
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SHOP_DEMO: bool,
  /** "false" skips the production owner's one-time redirect to the two-factor page at sign-in (the dashboard still warns). */
  TWO_FACTOR_SETUP_PROMPT: bool,
  /** Failed sign-ins per account and client network before delays; the account-wide ceiling is higher, so one client cannot keep the owner out. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(10),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL: int(100),
  LOGIN_MAX_FAILURES_PER_CLIENT: int(50),
  LOGIN_WINDOW_SECONDS: int(15 * 60),
  LOGIN_MAX_DELAY_SECONDS: int(60),
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).default(1),
  /** Set to "true" by scripts/server.mjs (`npm start`), which appends the peer address to X-Forwarded-For; never set by hand. */
  PEER_ADDRESS_IN_FORWARDED_FOR: bool,
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().optional(),
  GOOGLE_BASE_URL: z.string().url().optional(),
  BFL_API_KEY: z.string().optional(),
  BFL_BASE_URL: z.string().url().optional(),
  AI_TIMEOUT_MS: int(60_000),
  OFFLINE_AI_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  GUEST_GENERATIONS_PER_HOUR: int(10),
  USER_GENERATIONS_PER_HOUR: int(30),
  ADMIN_TEST_RUNS_PER_HOUR: int(60),
  NEW_ACCOUNT_GENERATIONS_PER_HOUR: int(5),
  /** Unset → half of libuv's thread pool (UV_THREADPOOL_SIZE, default 4); a higher value is lowered to that (lib/security/password.ts). */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().positive().optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(16),
  /** log2 of scrypt's N for new hashes; lower only for tests, which hash thousands of passwords. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  REGISTRATIONS_PER_HOUR: int(10),
  FORGOT_PASSWORD_PER_HOUR: int(5),
  PASSWORD_RESET_MINUTES: int(60),
  LOGIN_LINK_MINUTES: int(15),
  REGISTRATION_CONFIRM_HOURS: int(24),
  AI_BUDGET_EUR_PER_HOUR: z.coerce.number().positive().max(20_000).default(10),
  AI_BUDGET_EUR_PER_DAY: z.coerce.number().positive().max(20_000).default(50),
  /** Percent of both budgets only customers with a paid order (and admins) may spend, so visitors and new accounts cannot close generation for them. */
  AI_BUDGET_RESERVED_FOR_PAYING_PERCENT: z.coerce.number().int().min(0).max(100).default(30),
  EDITED_IMAGES_PER_HOUR: int(30),
  USER_STORAGE_QUOTA_MB: int(200),
  /** Edited images per client network (IPv6 per /48) and of the whole shop, so new accounts cannot fill the disk. */
  EDITED_STORAGE_PER_NETWORK_MB: int(1000),
  EDITED_STORAGE_TOTAL_MB: int(20_000),
  PDF_QUEUE_MAX: int(16),
  PDF_PER_HOUR: int(120),
  ORDERS_PER_HOUR_PER_ACCOUNT: int(20),
  ORDERS_PER_HOUR_PER_CLIENT: int(60),
  CANCELS_PER_HOUR_PER_ACCOUNT: int(10),
  CANCELS_PER_HOUR_PER_CLIENT: int(30),
  DISCOUNT_CODE_FAILURES_PER_HOUR: int(10),
  /** Largest refund (cents) staff may give at once, cancelling a paid order included; 0 = none; the owner has no limit. */
  STAFF_REFUND_LIMIT_CENTS: z.coerce.number().int().min(0).default(5000),
  /** Days a mailed staff invitation stays valid. */
  STAFF_INVITE_DAYS: int(7),
  /** Staff invitations the owner may send per hour. */
  STAFF_INVITES_PER_HOUR: int(20),
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
  PAYMENTS_SANDBOX: bool,
  UNPAID_ORDER_EXPIRY_HOURS: int(48),
  DISCOUNT_HOLD_MINUTES: int(30),
  CRON_SECRET: z.string().min(16, "CRON_SECRET must be at least 16 characters").optional(),
  /** internal: a timer in the server runs the scheduled jobs; external: only the cron route does. Unset → internal, on Vercel external. */
  SCHEDULER: z.enum(["internal", "external"]).optional(),
  SCHEDULER_INTERVAL_MINUTES: z.coerce.number().int().positive().max(1440).default(5),
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
  SELLER_REPRESENTATIVE: z.string().min(1).optional(),
  SELLER_REGISTER: z.string().min(1).optional(),
  SELLER_BANK_NAME: z.string().min(1).optional(),
  SELLER_IBAN: z.string().min(1).optional(),
  SELLER_BIC: z.string().min(1).optional(),
  DELIVERY_DAYS_MIN: int(3),
  DELIVERY_DAYS_MAX: int(5),
  SMTP_URL: z
    .string()
    .url()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("MugMagic <shop@example.com>"),
  MAIL_MAX_ATTEMPTS: int(8),
  GUEST_ORDER_LINK_DAYS: int(180),
  GUEST_ORDER_LINK_FAILURES_PER_HOUR: int(30),
  GUEST_ORDER_LINK_WRITE_DAYS: int(14),
  GUEST_ORDER_LINK_CLAIM_DAYS: int(7),
  GUEST_ORDER_LINK_REQUESTS_PER_HOUR: int(120),
  /** Days the audit log keeps a row (it holds staff's networks and devices). */
  AUDIT_LOG_DAYS: int(365),
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

/** Why a production start cannot know the real client address, or null: the limits would count an address the caller chose, or one for everybody. */
export function clientAddressProblem(raw: Record<string, string | undefined> = process.env): string | null {
  if (raw.NODE_ENV !== "production" || raw.NEXT_PHASE === "phase-production-build") return null;
  const count = raw.TRUSTED_PROXY_COUNT?.trim();
  if (count && Number(count) === 0) {
    return 'TRUSTED_PROXY_COUNT=0 makes every caller share one client address, so one client could use up everybody\'s limits. Set TRUSTED_PROXY_COUNT to the number of proxies that append to X-Forwarded-For, counting `npm start` itself (1 for `npm start` alone; docs/operations.md "Client address").';
  }
  if (count || raw.PEER_ADDRESS_IN_FORWARDED_FOR === "true") return null;
  return 'Started without scripts/server.mjs (plain `next start`?): nothing appends the caller\'s address to X-Forwarded-For, so a caller could choose the address its limits count. Start with `npm start`, or, behind a proxy or platform that appends it (Vercel: 1), set TRUSTED_PROXY_COUNT explicitly to the number of proxies that append to X-Forwarded-For (docs/operations.md "Client address").';
}

/** Why a production start refuses the password hash cost, or null: a cost below OWASP's is for tests only. */
export function passwordCostProblem(raw: Record<string, string | undefined> = process.env): string | null {
  if (raw.NODE_ENV !== "production" || raw.NEXT_PHASE === "phase-production-build") return null;
  const cost = raw.PASSWORD_HASH_COST?.trim();
  if (!cost || Number(cost) >= 17) return null;
  return `PASSWORD_HASH_COST=${cost} is below 17 (scrypt N = 2^17, OWASP's recommendation); a lower cost is for tests only.`;
}

export function resetEnvCache(): void {
  cached = undefined;
  secret = undefined;
}

let secret: string | undefined;

export function publicBaseUrl(): string {
  return (env().AUTH_URL ?? "http://localhost:3000").replace(/\/+$/, "");
}

/** Without AUTH_SECRET a random secret is created once in the data folder, so a fresh machine runs and sessions survive restarts. */
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
