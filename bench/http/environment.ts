import { ADMIN } from "./seed";

export const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

const EXTERNAL_KEYS = [
  "DATABASE_URL",
  "OPENAI_API_KEY",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "BFL_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "SMTP_URL",
  "S3_BUCKET",
  "AUTH_URL",
  "COOKIE_SECURE",
];

const HIGH_LIMITS = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: "100000",
  LOGIN_MAX_FAILURES_PER_CLIENT: "100000",
  GUEST_GENERATIONS_PER_HOUR: "100000",
  USER_GENERATIONS_PER_HOUR: "100000",
  NEW_ACCOUNT_GENERATIONS_PER_HOUR: "100000",
  REGISTRATIONS_PER_HOUR: "100000",
  FORGOT_PASSWORD_PER_HOUR: "100000",
  ADMIN_TEST_RUNS_PER_HOUR: "100000",
  PDF_PER_HOUR: "100000",
  GUEST_ORDER_LINK_FAILURES_PER_HOUR: "100000",
};

export function shopEnv(dirs: { data: string; storage: string }, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of EXTERNAL_KEYS) delete env[key];
  Object.assign(env, HIGH_LIMITS, {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dirs.data,
    STORAGE_DIR: dirs.storage,
    PAYMENTS_SANDBOX: "true",
    AUTH_SECRET,
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    OFFLINE_AI_DELAY_MS: "0",
  });
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, DB_AUTO_MIGRATE: "true" });
  return env;
}

export function controlEnv(
  dataDir: string,
  queries?: { texts: Record<string, string>; databaseUrl?: string; pgliteDir?: string },
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
  };
  delete env.DATABASE_URL;
  if (queries) {
    env.CONTROL_QUERIES = JSON.stringify(queries.texts);
    if (queries.databaseUrl) env.CONTROL_DATABASE_URL = queries.databaseUrl;
    if (queries.pgliteDir) env.CONTROL_PGLITE_DIR = queries.pgliteDir;
  }
  return env;
}

export function describeEnv(env: NodeJS.ProcessEnv): string {
  const keys = [
    "NODE_ENV",
    "DATA_DIR",
    "STORAGE_DIR",
    "DATABASE_URL",
    "DB_AUTO_MIGRATE",
    "PAYMENTS_SANDBOX",
    "AUTH_SECRET",
    "LOG_LEVEL",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    ...Object.keys(HIGH_LIMITS),
  ];
  return keys
    .filter((k) => env[k] !== undefined)
    .map((k) => `${k}=${env[k]}`)
    .join(" ");
}
