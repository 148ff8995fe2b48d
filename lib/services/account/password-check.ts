import "server-only";
import { ApiError, validationFailed, type MessageKey } from "@/lib/errors";
import { verifyPassword } from "@/lib/security/password";
import { env } from "@/lib/env";
import { consume, release } from "../rate-limit";

/**
 * Asking for the account's own password before a change: the attempt is counted before the password is checked,
 * so parallel guesses cannot slip past, and a right password gives its attempt back.
 */
export async function checkOwnPassword(check: {
  /** The attempts' window, one per account and action. */
  key: string;
  password: string;
  hash: string;
  /** The field and message a wrong password answers with (422). */
  wrong: Record<string, MessageKey>;
}): Promise<void> {
  const window = { key: check.key, limit: env().LOGIN_MAX_FAILURES_PER_ACCOUNT, windowSeconds: env().LOGIN_WINDOW_SECONDS };
  const attempt = await consume(window);
  if (!attempt.allowed) {
    await release(window);
    throw new ApiError(429, "errors.tooManyPasswordAttempts", undefined, { retryAfter: attempt.retryAfter });
  }
  if (!(await verifyPassword(check.password, check.hash))) throw validationFailed(check.wrong);
  await release(window);
}
