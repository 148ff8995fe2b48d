import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";

const params = () => ({ N: 2 ** env().PASSWORD_HASH_COST, r: 8, p: 1 });
const KEY_LENGTH = 64;
const MAX_N = 2 ** 20;
const MAX_MEMORY = 256 * 1024 * 1024;

/** scrypt runs on libuv's small thread pool, shared with file and image work, so a flood of sign-ins gets 429 rather than every thread. */
let running = 0;
const waiting: (() => void)[] = [];
const BUSY_RETRY_AFTER_SECONDS = 2;

const DEFAULT_THREAD_POOL_SIZE = 4;

export function passwordHashCap(raw: Record<string, string | undefined> = process.env): number {
  const sizeText = raw.UV_THREADPOOL_SIZE?.trim();
  const size = sizeText ? (/^[1-9]\d*$/.test(sizeText) ? Math.min(Number(sizeText), 1024) : 1) : DEFAULT_THREAD_POOL_SIZE;
  const half = Math.max(1, Math.floor(size / 2));
  const configured = Number(raw.PASSWORD_HASH_CONCURRENCY);
  return Number.isSafeInteger(configured) && configured >= 1 ? Math.min(configured, half) : half;
}

async function acquireSlot(): Promise<void> {
  const { PASSWORD_HASH_QUEUE } = env();
  if (running < passwordHashCap()) {
    running += 1;
    return;
  }
  if (waiting.length >= PASSWORD_HASH_QUEUE)
    throw new ApiError(429, "errors.passwordHashBusy", undefined, { retryAfter: BUSY_RETRY_AFTER_SECONDS });
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

async function scryptAsync(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  await acquireSlot();
  try {
    return await new Promise((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, keylen, { ...opts, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    releaseSlot();
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params();
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export function needsRehash(stored: string | null | undefined): boolean {
  if (!stored) return false;
  const [algo, n, r, p] = stored.split("$");
  const current = params();
  return algo !== "scrypt" || Number(n) !== current.N || Number(r) !== current.r || Number(p) !== current.p;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so a missing account is not told apart by timing.
    await scryptAsync(password, randomBytes(16), KEY_LENGTH, params());
    return false;
  }
  const [algo, n, r, p, saltB64, hashB64] = stored.split("$");
  if (algo !== "scrypt" || !n || !r || !p || !saltB64 || !hashB64) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (
    !Number.isSafeInteger(N) ||
    N < 2 ||
    N > MAX_N ||
    (N & (N - 1)) !== 0 ||
    !Number.isSafeInteger(R) ||
    R < 1 ||
    R > 32 ||
    !Number.isSafeInteger(P) ||
    P < 1 ||
    P > 16
  ) {
    return false;
  }
  const expected = Buffer.from(hashB64, "base64");
  if (expected.length < 16) return false;
  try {
    const actual = await scryptAsync(password, Buffer.from(saltB64, "base64"), expected.length, { N, r: R, p: P });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch (err) {
    if (err instanceof ApiError) throw err; // all hash slots busy: 429, not "wrong password"
    return false; // parameters scrypt refuses (memory limit): not a match
  }
}
