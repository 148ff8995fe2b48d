import { z } from "zod";
import { DISCOUNT_KINDS } from "@/lib/domain/discount";
import { listSearch, pageQuery, pageResponse } from "./common";
import { MAX_CENTS } from "./articles";

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
export const MAX_DISCOUNT_LIMIT = 1_000_000;

const isInstant = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success;

const instant = z
  .string({ error: "validation.discountDateInvalid" })
  .trim()
  .refine((v) => v === "" || isInstant(v), { error: "validation.discountDateInvalid" })
  .nullish()
  .transform((v) => v || null);

const whole = (error: `validation.${string}`, min: number, max: number) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

const limit = whole("validation.discountLimitInvalid", 1, MAX_DISCOUNT_LIMIT)
  .nullish()
  .transform((v) => v ?? null);

export const discountCodeBody = z
  .object({
    code: z
      .string({ error: "validation.discountCodeRequired" })
      .trim()
      .toUpperCase()
      .min(1, { error: "validation.discountCodeRequired" })
      .regex(DISCOUNT_CODE_PATTERN, { error: "validation.discountCodeFormat" }),
    kind: z.enum(DISCOUNT_KINDS, { error: "validation.discountKindRequired" }),
    percent: whole("validation.discountPercentRange", 1, 100)
      .nullish()
      .transform((v) => v ?? null),
    amountCents: whole("validation.discountAmountPositive", 1, MAX_CENTS)
      .nullish()
      .transform((v) => v ?? null),
    validFrom: instant,
    validTo: instant,
    minOrderCents: whole("validation.invalidAmount", 0, MAX_CENTS)
      .nullish()
      .transform((v) => v ?? 0),
    maxUses: limit,
    maxUsesPerCustomer: limit,
    active: z.boolean({ error: "validation.invalidType" }).optional().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && v.percent === null)
      ctx.addIssue({ code: "custom", path: ["percent"], message: "validation.discountPercentRange" });
    if (v.kind === "fixed" && v.amountCents === null)
      ctx.addIssue({ code: "custom", path: ["amountCents"], message: "validation.discountAmountPositive" });
    if (v.validFrom && v.validTo && new Date(v.validTo) <= new Date(v.validFrom))
      ctx.addIssue({ code: "custom", path: ["validTo"], message: "validation.discountValidToAfterFrom" });
  })
  .transform((v) => ({
    ...v,
    percent: v.kind === "percent" ? v.percent : null,
    amountCents: v.kind === "fixed" ? v.amountCents : null,
  }));

export const discountCodePatch = z.object(
  Object.fromEntries(
    ["code", "kind", "percent", "amountCents", "validFrom", "validTo", "minOrderCents", "maxUses", "maxUsesPerCustomer", "active"].map(
      (k) => [k, z.unknown().optional()],
    ),
  ),
);

export const DISCOUNT_STATES = ["active", "scheduled", "expired", "usedUp", "inactive"] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const DISCOUNT_SORTS = [
  "-createdAt",
  "createdAt",
  "code",
  "-code",
  "used",
  "-used",
  "revenue",
  "-revenue",
  "validTo",
  "-validTo",
] as const;
export type DiscountSort = (typeof DISCOUNT_SORTS)[number];

export const listDiscountCodesQuery = z.object({
  q: listSearch,
  sort: z.enum(DISCOUNT_SORTS).default("-createdAt"),
  ...pageQuery(),
});

export const discountCodeResponse = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  minOrderCents: z.number().int(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  usedCount: z.number().int(),
  active: z.boolean(),
  state: z.enum(DISCOUNT_STATES),
  revenueCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const discountCodePageResponse = pageResponse(discountCodeResponse);

export const applyDiscountBody = z.object({
  code: z.string({ error: "validation.discountCodeRequired" }).trim().min(1, { error: "validation.discountCodeRequired" }).max(64, {
    error: "validation.tooLong",
  }),
});

export type DiscountCodeBody = z.output<typeof discountCodeBody>;
export type DiscountCodeBodyInput = z.input<typeof discountCodeBody>;
export type DiscountCodePatch = z.output<typeof discountCodePatch>;
export type DiscountCodeDto = z.infer<typeof discountCodeResponse>;
export type DiscountCodePage = z.infer<typeof discountCodePageResponse>;
export type ListDiscountCodesQuery = z.infer<typeof listDiscountCodesQuery>;
export type ApplyDiscountBody = z.input<typeof applyDiscountBody>;
