import { z } from "zod";
import { email, optionalPhone, sessionResponse } from "./auth";
import { personLine } from "./common";
import { orderAddress } from "./orders";

export const newPassword = z
  .string({ error: "validation.passwordRequired" })
  .min(8, { error: "validation.passwordTooShort" })
  .max(200, { error: "validation.tooLong" });

export const forgotPasswordBody = z.object({ email });

export const resetPasswordBody = z.object({
  token: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(200, { error: "validation.tooLong" }),
  password: newPassword,
});

export const signInLinkBody = z.object({
  token: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(200, { error: "validation.tooLong" }),
});

export const confirmRegistrationBody = signInLinkBody.extend({
  password: z
    .string({ error: "validation.passwordRequired" })
    .min(1, { error: "validation.passwordRequired" })
    .max(200, { error: "validation.tooLong" }),
});

const requiredName = (required: "validation.firstNameRequired" | "validation.lastNameRequired") =>
  personLine(z.string({ error: required }).trim().min(1, { error: required }).max(100, { error: "validation.tooLong" }));

export const accountUpdateBody = z.object({
  firstName: requiredName("validation.firstNameRequired"),
  lastName: requiredName("validation.lastNameRequired"),
  phone: optionalPhone,
});

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: "validation.passwordRequired" })
    .min(1, { error: "validation.passwordRequired" })
    .max(200, { error: "validation.tooLong" }),
  newPassword,
});

export const deleteAccountBody = z.object({
  password: z.string({ error: "validation.passwordRequired" }).max(200, { error: "validation.tooLong" }).optional(),
});

export const accountAddress = orderAddress.extend({
  kind: z.enum(["shipping", "billing"]),
  countryName: z.string(),
});

export const accountResponse = z.object({
  user: z.object({
    id: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  hasPassword: z.boolean(),
  addresses: z.array(accountAddress),
});

export const messageResponse = z.object({ message: z.string() });

export const resetPasswordResponse = sessionResponse;

export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export type SignInLinkBody = z.input<typeof signInLinkBody>;
export type ConfirmRegistrationBody = z.input<typeof confirmRegistrationBody>;
export type AccountUpdateBody = z.input<typeof accountUpdateBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;
export type AccountAddress = z.infer<typeof accountAddress>;
export type AccountResponse = z.infer<typeof accountResponse>;
export type MessageResponse = z.infer<typeof messageResponse>;
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;
