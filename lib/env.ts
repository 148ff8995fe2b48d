import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { dataDir } from "@/db/client";

const bool = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"));
const int = (def: number) => z.coerce.number().int().positive().default(def);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  COOKIE_SECURE: bool,
  SESSION_MAX_AGE_SECONDS: int(60 * 60 * 24 * 7),
  ADMIN_EMAIL: z.string().email().default("admin@example.com"),
  ADMIN_PASSWORD: z.string().min(8).default("admin12345"),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(10),
  LOGIN_MAX_FAILURES_PER_CLIENT: int(50),
  LOGIN_WINDOW_SECONDS: int(15 * 60),
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).default(1),
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
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

/** For tests that change process.env between cases. */
export function resetEnvCache(): void {
  cached = undefined;
  secret = undefined;
}

let secret: string | undefined;

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
