import { z } from "zod";

export function idParams<K extends string>(name: K) {
  return z.object({ [name]: z.coerce.number().int().positive().max(2_147_483_647) } as Record<K, z.ZodCoercedNumber<unknown>>);
}

export function optionalText(max: number, error: `validation.${string}` = "validation.tooLong") {
  return z
    .string({ error: "validation.invalidType" })
    .trim()
    .max(max, { error })
    .nullish()
    .transform((v) => (v ? v : null));
}

export const entityId = (error: `validation.${string}` = "validation.invalidValue") =>
  z.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

export const optionalEntityId = (error?: `validation.${string}`) =>
  entityId(error)
    .nullish()
    .transform((v) => v ?? null);

export const requiredText = (max: number, required: `validation.${string}`, tooLong: `validation.${string}` = "validation.tooLong") =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const queryId = z.coerce.number().int().positive().max(2_147_483_647).optional();

export const listSearch = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);

export function pageQuery(maxPageSize = 100, defaultPageSize = 20) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  };
}

export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

export const idName = z.object({ id: z.number().int(), name: z.string() });

export function requiredName(max = 255) {
  return z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, { error: "validation.nameRequired" })
    .max(max, { error: "validation.nameTooLong" });
}

const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const LINK = /:\/\/|www\./i;

/** No line breaks or links, so nobody sends their own text through the shop's mail. */
export function plainLine(schema: z.ZodString): z.ZodString {
  return schema
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: "validation.controlCharacters" })
    .refine((v) => !LINK.test(v), { error: "validation.linkNotAllowed" });
}

const PERSON_TEXT = /^[\p{L}\p{M}\p{N} '’.,&/()-]*$/u;
/** A domain as a name would turn a greeting into a link in many mail clients. */
const BARE_DOMAIN = /[\p{L}\p{N}]\.\p{L}{2,}/u;

/** Nothing that reads as markup, a template, an email address or a domain. */
export function personLine(schema: z.ZodString): z.ZodString {
  return plainLine(schema)
    .refine((v) => PERSON_TEXT.test(v), { error: "validation.personText" })
    .refine((v) => !BARE_DOMAIN.test(v), { error: "validation.linkNotAllowed" });
}
