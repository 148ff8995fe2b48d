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

/** A positive id in a JSON body; `error` names what the field refers to. */
export const entityId = (error: `validation.${string}` = "validation.invalidValue") =>
  z.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

/** An optional reference in a JSON body: left out or null both become null. */
export const optionalEntityId = (error?: `validation.${string}`) =>
  entityId(error)
    .nullish()
    .transform((v) => v ?? null);

/** Required free text: trimmed, so blanks count as missing. */
export const requiredText = (max: number, required: `validation.${string}`, tooLong: `validation.${string}` = "validation.tooLong") =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** An optional positive id in a query string (a list's filter). */
export const queryId = z.coerce.number().int().positive().max(2_147_483_647).optional();

/** A list's free-text search: trimmed, at most 200 characters; empty means none. */
export const listSearch = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);

/** The page and page size of a paged list's query. */
export function pageQuery(maxPageSize = 100, defaultPageSize = 20) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  };
}

/** One page of a paged list's answer. */
export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

/** Another entity an answer refers to: its id and name. */
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

/** For text that may end up in a mail: no line breaks and nothing that reads as a link, so nobody sends their own text through the shop. */
export function plainLine(schema: z.ZodString): z.ZodString {
  return schema
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: "validation.controlCharacters" })
    .refine((v) => !LINK.test(v), { error: "validation.linkNotAllowed" });
}

const PERSON_TEXT = /^[\p{L}\p{M}\p{N} '’.,&/()-]*$/u;
/** "word.tld": a name that is a domain would turn a greeting into a link in many mail clients. */
const BARE_DOMAIN = /[\p{L}\p{N}]\.\p{L}{2,}/u;

/**
 * A name or an address line: what people's names and addresses are made of, and nothing that reads as
 * markup, a template, an email address or a domain.
 */
export function personLine(schema: z.ZodString): z.ZodString {
  return plainLine(schema)
    .refine((v) => PERSON_TEXT.test(v), { error: "validation.personText" })
    .refine((v) => !BARE_DOMAIN.test(v), { error: "validation.linkNotAllowed" });
}
