import { z } from "zod";

export const taxSettingsBody = z.strictObject({ ossEnabled: z.boolean({ error: "validation.required" }) });

export type TaxSettingsBody = z.infer<typeof taxSettingsBody>;
