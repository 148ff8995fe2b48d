import { z } from "zod";

export const totpCode = z
  .string({ error: "validation.required" })
  .max(20, { error: "validation.twoFactorCode" })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: "validation.twoFactorCode" }));

const recoveryCode = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(40, { error: "validation.recoveryCode" });

export const twoFactorSignInBody = z
  .object({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine((b) => !!b.code !== !!b.recoveryCode, { error: "validation.twoFactorCode", path: ["code"] });

export const twoFactorEnableBody = z.object({ code: totpCode });

export const twoFactorConfirmBody = z.object({
  password: z
    .string({ error: "validation.required" })
    .min(1, { error: "validation.passwordRequired" })
    .max(200, { error: "validation.tooLong" }),
  code: totpCode,
});

export const securityPolicyBody = z.object({ requireTwoFactorForStaff: z.boolean({ error: "validation.required" }) });

export type TwoFactorSignInBody = z.input<typeof twoFactorSignInBody>;
export type TwoFactorConfirmBody = z.input<typeof twoFactorConfirmBody>;
