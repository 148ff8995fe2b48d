import * as z from "zod/mini";
import { email, optionalPhone } from "@/lib/schemas/light/contact";

const name = z.string().check(z.trim(), z.maxLength(100, { error: "validation.tooLong" }));

/** Step 4 in the browser: the same email and phone rules as POST /api/auth/register (zod mini: a few KB, not the whole library). */
export const personalSchema = z.object({ email, phone: optionalPhone, firstName: name, lastName: name });
export type PersonalValues = z.output<typeof personalSchema>;
