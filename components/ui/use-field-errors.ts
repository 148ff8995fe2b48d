"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { HttpError } from "@/lib/api-client/fetcher";
import type { LazyModule } from "@/lib/lazy-module";

/**
 * Field errors of a form: from the shared zod schema in the browser (message keys translated here)
 * and from the server's field map (already in the user's language).
 *
 * Storefront forms take their schema from a module loaded on first use (`validateLazy`), so zod is not
 * part of the page's first load; the form starts loading it when it gets focus (`onFocus={rules.preload}`).
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

  /**
   * `validate` with the schema from a lazily loaded module. If that module cannot be loaded (offline, a
   * new deployment), the input goes to the server as it is: the server checks it with the same schema and
   * its field errors arrive through `fromServer`.
   */
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

  function fromServer(err: unknown): void {
    if (err instanceof HttpError && err.fieldErrors) setErrors(err.fieldErrors);
  }

  return { errors, validate, validateLazy, fromServer, clear: () => setErrors({}) };
}
