import { z } from "zod";

export type MessageKey = `errors.${string}` | `validation.${string}`;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly fieldErrors?: Record<string, MessageKey>,
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
    this.name = "ApiError";
  }
}

export const notFound = () => new ApiError(404, "errors.notFound");
export const unauthenticated = () => new ApiError(401, "errors.authenticationRequired");
export const forbidden = () => new ApiError(403, "errors.forbidden");
export const validationFailed = (fieldErrors: Record<string, MessageKey>) => new ApiError(422, "errors.validationFailed", fieldErrors);

export function issueKey(issue: z.core.$ZodIssue): MessageKey {
  if (issue.message.startsWith("validation.")) return issue.message as MessageKey;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? "validation.required" : "validation.invalidType";
    case "too_small":
      return issue.origin === "string" && issue.minimum === 1 ? "validation.required" : "validation.tooSmall";
    case "too_big":
      return "validation.tooBig";
    case "invalid_format":
      return issue.format === "email" ? "validation.invalidEmail" : "validation.invalidFormat";
    case "invalid_value":
      return "validation.invalidValue";
    case "unrecognized_keys":
      return "validation.unknownField";
    default:
      return "validation.invalid";
  }
}

export function zodFieldErrors(error: z.ZodError): Record<string, MessageKey> {
  const out: Record<string, MessageKey> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "_";
    out[field] ??= issueKey(issue);
  }
  return out;
}

export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isStillReferenced(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code === "23503" || code === "23001";
}

/** postgres.js reconnects on the next query, so the request answers 503 and the process recovers. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

export function isServiceUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
