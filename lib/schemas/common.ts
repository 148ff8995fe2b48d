import { z } from "zod";

/** A positive integer id in a route segment, e.g. idParams("vatId") for /api/admin/vat/[vatId]. */
export function idParams<K extends string>(name: K) {
  return z.object({ [name]: z.coerce.number().int().positive().max(2_147_483_647) } as Record<K, z.ZodCoercedNumber<unknown>>);
}

/** Optional free text: trimmed, empty becomes null. */
export function optionalText(max: number, error: `validation.${string}` = "validation.tooLong") {
  return z
    .string({ error: "validation.invalidType" })
    .trim()
    .max(max, { error })
    .nullish()
    .transform((v) => (v ? v : null));
}

export function requiredName(max = 255) {
  return z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, { error: "validation.nameRequired" })
    .max(max, { error: "validation.nameTooLong" });
}

const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const LINK = /:\/\/|www\./i;

/** For text that may end up in a mail: no line breaks and nothing that reads as a link, so nobody sends their own text through the shop. */
export function plainLine(schema: z.ZodString): z.ZodString {
  return schema
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: "validation.controlCharacters" })
    .refine((v) => !LINK.test(v), { error: "validation.linkNotAllowed" });
}
