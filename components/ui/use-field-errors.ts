"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { HttpError } from "@/lib/api-client/fetcher";

/**
 * Field errors of a form: from the shared zod schema in the browser (message keys translated here)
 * and from the server's field map (already in the user's language).
 */
export function useFieldErrors() {
  const t = useTranslations();
  const [errors, setErrors] = useState<Record<string, string>>({});

  function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join(".") || "_";
      if (next[field]) continue;
      const key = issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
      next[field] = t(key as Parameters<typeof t>[0]);
    }
    setErrors(next);
    return null;
  }

  function fromServer(err: unknown): void {
    if (err instanceof HttpError && err.fieldErrors) setErrors(err.fieldErrors);
  }

  return { errors, validate, fromServer, clear: () => setErrors({}) };
}
