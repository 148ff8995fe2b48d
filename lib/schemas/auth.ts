import { z } from "zod";
import { personLine } from "./common";

export const email = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.emailRequired" })
  .max(254, { error: "validation.tooLong" })
  .pipe(z.email({ error: "validation.invalidEmail" }))
  .transform((v) => v.toLowerCase());

export const optionalPhone = z
  .string()
  .trim()
  .max(30, { error: "validation.invalidPhone" })
  .refine(
    (v) => v === "" || (/^\+?[0-9 ()./-]+$/.test(v) && (v.match(/[0-9]/g)?.length ?? 0) >= 6 && (v.match(/[0-9]/g)?.length ?? 0) <= 20),
    {
      error: "validation.invalidPhone",
    },
  )
  .transform((v) => (v === "" ? null : v))
  .nullish();

const name = personLine(z.string().trim().max(100, { error: "validation.tooLong" }));

export const loginBody = z.object({
  email,
  password: z
    .string({ error: "validation.required" })
    .min(1, { error: "validation.passwordRequired" })
    .max(200, { error: "validation.tooLong" }),
});

export const registerBody = z
  .object({
    email,
    password: z.string().min(8, { error: "validation.passwordTooShort" }).max(200, { error: "validation.tooLong" }).optional(),
    firstName: name.optional(),
    lastName: name.optional(),
    phone: optionalPhone,
    guest: z.boolean().default(false),
  })
  .refine((b) => b.guest || !!b.password, { path: ["password"], error: "validation.passwordRequired" });

export const sessionUser = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
});

export const sessionResponse = z.object({
  authenticated: z.boolean(),
  user: sessionUser.nullable(),
  roles: z.array(z.enum(["guest", "customer", "admin", "staff"])),
});

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;
export type SessionResponse = z.infer<typeof sessionResponse>;
