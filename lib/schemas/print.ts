import { z } from "zod";

const missing = (input: unknown) => input === undefined || input === null;

export const generatePdfBody = z.object({
  mugId: z
    .number({ error: (issue) => (missing(issue.input) ? "validation.mugIdRequired" : "validation.mugIdInvalid") })
    .int({ error: "validation.mugIdInvalid" })
    .positive({ error: "validation.mugIdInvalid" })
    .max(2_147_483_647, { error: "validation.mugIdInvalid" }),
  imageUrl: z
    .string({ error: (issue) => (missing(issue.input) ? "validation.imageUrlRequired" : "validation.invalidType") })
    .min(1, { error: "validation.imageUrlRequired" })
    .max(2048, { error: "validation.imageUrlTooLong" }),
});

export type GeneratePdfBody = z.infer<typeof generatePdfBody>;

export const PRINT_DPI_HEADER = "x-print-dpi";
export const PRINT_DPI_OK_HEADER = "x-print-dpi-ok";
export const PRINT_SOURCE_DPI_HEADER = "x-print-source-dpi";
export const PRINT_EFFECTIVE_DPI_HEADER = "x-print-effective-dpi";
export const PRINT_UPSCALE_HEADER = "x-print-upscale";
