import * as z from "zod/mini";

/**
 * Rules the browser checks too, written with zod's tree-shakable mini build: a client form importing
 * them ships a few KB instead of the whole zod library. The server schemas (lib/schemas/auth.ts,
 * orders.ts, account.ts, suppliers.ts) compose these same objects, so each rule exists once.
 */

export const email = z.pipe(
  z.pipe(
    z.string({ error: "validation.required" }).check(
      z.trim(),
      z.minLength(1, { error: "validation.emailRequired" }),
      z.maxLength(254, { error: "validation.tooLong" }),
    ),
    z.email({ error: "validation.invalidEmail" }),
  ),
  z.transform((v: string) => v.toLowerCase()),
);

function isPhone(v: string): boolean {
  const digits = v.match(/[0-9]/g)?.length ?? 0;
  return v === "" || (/^\+?[0-9 ()./-]+$/.test(v) && digits >= 6 && digits <= 20);
}

/** Optional phone: digits with an optional leading +, spaces, dashes, slashes, dots and parentheses; 6–20 digits. */
export const optionalPhone = z.nullish(
  z.pipe(
    z.string().check(z.trim(), z.maxLength(30, { error: "validation.invalidPhone" }), z.refine(isPhone, { error: "validation.invalidPhone" })),
    z.transform((v: string) => (v === "" ? null : v)),
  ),
);
