import { z } from "zod";
import { listSearch, pageQuery, pageResponse } from "./common";

export const DISCOUNT_CODE_KINDS = ["percent", "fixed"] as const;

const count = z.coerce.number({ error: "validation.invalidType" }).int().min(1, { error: "validation.discountLimit" }).max(1_000_000);
const instant = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: "validation.dateInvalid" })
  .transform((v) => new Date(v))
  .nullish()
  .or(z.literal("").transform(() => null));

/** A code: 3–32 letters, digits, "-" or "_", unique whatever the case; percent or a fixed gross amount off the goods. */
export const discountCodeBody = z
  .object({
    code: z
      .string({ error: "validation.discountCodeFormat" })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, { error: "validation.discountCodeFormat" }),
    kind: z.enum(DISCOUNT_CODE_KINDS),
    percent: z.coerce
      .number()
      .int()
      .min(1, { error: "validation.discountPercent" })
      .max(100, { error: "validation.discountPercent" })
      .nullish(),
    amountCents: z.coerce.number().int().min(1, { error: "validation.discountAmount" }).max(10_000_000).nullish(),
    validFrom: instant,
    validTo: instant,
    minOrderCents: z.coerce.number().int().min(0).max(10_000_000).default(0),
    maxUses: count.nullish(),
    maxUsesPerCustomer: count.nullish(),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && !v.percent) ctx.addIssue({ code: "custom", path: ["percent"], message: "validation.discountPercent" });
    if (v.kind === "fixed" && !v.amountCents) ctx.addIssue({ code: "custom", path: ["amountCents"], message: "validation.discountAmount" });
    if (v.validFrom && v.validTo && v.validTo <= v.validFrom)
      ctx.addIssue({ code: "custom", path: ["validTo"], message: "validation.dateRangeInvalid" });
  })
  .transform((v) => ({
    ...v,
    percent: v.kind === "percent" ? (v.percent ?? null) : null,
    amountCents: v.kind === "fixed" ? (v.amountCents ?? null) : null,
    validFrom: v.validFrom ?? null,
    validTo: v.validTo ?? null,
    maxUses: v.maxUses ?? null,
    maxUsesPerCustomer: v.maxUsesPerCustomer ?? null,
  }));
export type DiscountCodeBody = z.output<typeof discountCodeBody>;

export const discountCodeIdParams = z.object({ discountCodeId: z.coerce.number().int().positive().max(2_147_483_647) });

export const listDiscountCodesQuery = z.object({
  q: listSearch,
  sort: z.enum(["code", "-code", "-createdAt", "createdAt", "-uses", "-revenue"]).default("-createdAt"),
  ...pageQuery(),
});
export type ListDiscountCodesQuery = z.infer<typeof listDiscountCodesQuery>;

export const discountCodeDto = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_CODE_KINDS),
  percent: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  minOrderCents: z.number().int(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  active: z.boolean(),
  /** Placed, not cancelled orders that carry the code. */
  uses: z.number().int(),
  /** What the paid orders carrying it brought (gross, after the discount). */
  revenueCents: z.number().int(),
  createdAt: z.string(),
});
export type DiscountCodeDto = z.infer<typeof discountCodeDto>;
export const discountCodePage = pageResponse(discountCodeDto);
export type DiscountCodePage = z.infer<typeof discountCodePage>;
