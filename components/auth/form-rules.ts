import { z } from "zod";
import { accountUpdateBody, changePasswordBody, forgotPasswordBody, newPassword } from "@/lib/schemas/account";
import { email } from "@/lib/schemas/auth";

/** Loaded when a form is first used (lazy-form-rules.ts), not with the page. */

export const signUpForm = z.object({
  email,
  password: newPassword,
  firstName: z.string().trim().min(1, { error: "validation.firstNameRequired" }).max(100, { error: "validation.tooLong" }),
  lastName: z.string().trim().min(1, { error: "validation.lastNameRequired" }).max(100, { error: "validation.tooLong" }),
});

export const newPasswordForm = z.object({ password: newPassword });

export { accountUpdateBody, changePasswordBody, forgotPasswordBody, newPassword };
