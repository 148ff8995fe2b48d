import { z } from "zod";
import { email, optionalPhone } from "@/lib/schemas/auth";

const name = z.string().trim().max(100, { error: "validation.tooLong" });

/** Step 4 in the browser: the same email and phone rules as POST /api/auth/register. */
export const personalSchema = z.object({ email, phone: optionalPhone, firstName: name, lastName: name });
export type PersonalValues = z.output<typeof personalSchema>;
