import "server-only";
import { ApiError, validationFailed, type MessageKey } from "@/lib/errors";
import { verifyPassword } from "@/lib/security/password";
import { env } from "@/lib/env";
import { consume, release } from "../rate-limit";

/** Counted before the check, so parallel guesses cannot slip past; a right password gives its attempt back. */
export async function checkOwnPassword(check: {
  key: string;
  password: string;
  hash: string;
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
