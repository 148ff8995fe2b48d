import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt at OWASP's current recommendation: N=2^17, r=8, p=1 (128 MiB per hash, memory-hard).
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
/** A stored hash naming a higher cost than this is refused (a tampered row must not tie up the server). */
const MAX_N = 2 ** 20;
const MAX_MEMORY = 256 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keylen, { ...opts, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Format: scrypt$N$r$p$saltB64$hashB64 — parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** True when a stored hash was made with other (older, weaker) parameters: rehash it at the next sign-in. */
export function needsRehash(stored: string | null | undefined): boolean {
  if (!stored) return false;
  const [algo, n, r, p] = stored.split("$");
  return algo !== "scrypt" || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so a missing account is not told apart by timing.
    await scryptAsync(password, randomBytes(16), KEY_LENGTH, PARAMS);
    return false;
  }
  const [algo, n, r, p, saltB64, hashB64] = stored.split("$");
  if (algo !== "scrypt" || !n || !r || !p || !saltB64 || !hashB64) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (!Number.isSafeInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || !Number.isSafeInteger(R) || R < 1 || R > 32 || !Number.isSafeInteger(P) || P < 1 || P > 16) {
    return false;
  }
  const expected = Buffer.from(hashB64, "base64");
  if (expected.length < 16) return false;
  try {
    const actual = await scryptAsync(password, Buffer.from(saltB64, "base64"), expected.length, { N, r: R, p: P });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false; // parameters scrypt refuses (memory limit): not a match
  }
}
