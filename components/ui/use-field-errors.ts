"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { HttpError } from "@/lib/api-client/fetcher";
import type { LazyModule } from "@/lib/lazy-module";

/** Storefront forms load their schema on first use (`validateLazy`), so zod is not part of the page's first load. */
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

  /** If the module cannot load, the input goes to the server, which checks it with the same schema. */
  async function validateLazy<M, S extends z.ZodType>(
    mod: LazyModule<M>,
    pick: (loaded: M) => S,
    input: unknown,
  ): Promise<z.output<S> | null> {
    let schema: S;
    try {
      schema = pick(await mod.load());
    } catch {
      setErrors({});
      return input as z.output<S>;
    }
    return validate(schema, input);
  }

  /** Shows the server's field errors; false when the answer has none, so the caller shows its own message. */
  function fromServer(err: unknown): boolean {
    if (!(err instanceof HttpError && err.fieldErrors)) return false;
    setErrors(err.fieldErrors);
    return true;
  }

  return { errors, validate, validateLazy, fromServer, clear: () => setErrors({}) };
}
