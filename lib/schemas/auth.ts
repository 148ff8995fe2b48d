import { z } from "zod";
import { email, optionalPhone } from "./light/contact";

export { email, optionalPhone };

const name = z.string().trim().max(100, { error: "validation.tooLong" });

export const loginBody = z.object({
  email,
  password: z.string({ error: "validation.required" }).min(1, { error: "validation.passwordRequired" }).max(200, { error: "validation.tooLong" }),
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
  roles: z.array(z.enum(["guest", "customer", "admin"])),
});

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;
export type SessionResponse = z.infer<typeof sessionResponse>;
