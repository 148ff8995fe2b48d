import "server-only";
import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";
import { consume, release, resetRateLimit, type Window } from "../rate-limit";

export const CODES_PER_SIGN_IN = 5;
export const CODES_PER_ACCOUNT = 10;

const accountWindow = (userId: number): Window => ({
  key: `two-factor:account:${userId}`,
  limit: CODES_PER_ACCOUNT,
  windowSeconds: env().LOGIN_WINDOW_SECONDS,
});

/** Counted before the code is checked, so parallel guesses cannot slip past; a refused attempt is given back. */
export async function limitTwoFactorAttempts(userId: number, signInAttemptId?: string): Promise<void> {
  const windows = [accountWindow(userId)];
  if (signInAttemptId) windows.push({ key: `two-factor:sign-in:${signInAttemptId}`, limit: CODES_PER_SIGN_IN, windowSeconds: 24 * 3600 });
  const results = await Promise.all(windows.map(consume));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return;
  await Promise.all(windows.map(release));
  throw new ApiError(429, "errors.tooManyTwoFactorAttempts", undefined, { retryAfter: Math.max(...refused.map((r) => r.retryAfter)) });
}

export async function twoFactorSucceeded(userId: number): Promise<void> {
  await resetRateLimit(accountWindow(userId));
}
