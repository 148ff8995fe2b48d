import { z } from "zod";
import { optionalText, requiredName } from "./common";

const percent = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === "" ? "validation.percentRequired" : "validation.invalidType",
  })
  .positive({ error: "validation.percentPositive" })
  .max(100, { error: "validation.percentTooLarge" })
  // stored as numeric(6,3)
  .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, { error: "validation.invalidValue" });

export const vatBody = z.object({
  name: requiredName(),
  nameDe: optionalText(255, "validation.nameTooLong"),
  percent,
  description: optionalText(1000, "validation.descriptionTooLong"),
  isDefault: z.boolean({ error: "validation.invalidType" }).default(false),
});

export const vatResponse = z.object({
  id: z.number(),
  name: z.string(),
  nameDe: z.string().nullable(),
  percent: z.number(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type VatBody = z.infer<typeof vatBody>;
export type VatBodyInput = z.input<typeof vatBody>;
export type VatRateDto = z.infer<typeof vatResponse>;
