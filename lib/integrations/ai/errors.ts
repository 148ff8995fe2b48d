import "server-only";
import { APICallError, InvalidResponseDataError, JSONParseError, NoImageGeneratedError, RetryError, TypeValidationError } from "ai";
import { ApiError } from "@/lib/errors";
import { GenerationError } from "./types";

export function generationErrorToApiError(e: GenerationError): ApiError {
  switch (e.kind) {
    case "timeout":
      return new ApiError(504, "errors.generationTimeout");
    case "invalid":
      return new ApiError(502, "errors.generationInvalidResponse");
    case "failed":
      return new ApiError(502, "errors.generationFailed");
  }
}

function isAbortLike(err: unknown): boolean {
  return err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError" || err.name === "ResponseAborted");
}

export function toGenerationError(err: unknown, signal?: AbortSignal): GenerationError {
  if (err instanceof GenerationError) return err;
  if (signal?.aborted || isAbortLike(err)) return new GenerationError("timeout", "the provider did not answer in time", err);
  if (RetryError.isInstance(err)) {
    const inner = toGenerationError(err.lastError, signal);
    return new GenerationError(inner.kind, inner.message, err);
  }
  if (NoImageGeneratedError.isInstance(err)) return new GenerationError("invalid", "the provider answered without an image", err);
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    if (status !== undefined && status >= 200 && status < 300) {
      return new GenerationError("invalid", `the provider's answer could not be read (${err.message})`, err);
    }
    return new GenerationError(
      "failed",
      status ? `the provider answered HTTP ${status}` : `the provider could not be reached (${err.message})`,
      err,
    );
  }
  if (JSONParseError.isInstance(err) || TypeValidationError.isInstance(err) || InvalidResponseDataError.isInstance(err)) {
    return new GenerationError("invalid", "the provider's answer could not be read", err);
  }
  return new GenerationError("failed", err instanceof Error ? err.message : String(err), err);
}
