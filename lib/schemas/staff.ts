import { z } from "zod";
import { email } from "./auth";
import { confirmRegistrationBody } from "./account";
import { idParams, personLine } from "./common";

const name = personLine(z.string().trim().max(100, { error: "validation.tooLong" }));

export const staffInviteBody = z.object({
  email,
  firstName: name.optional(),
  lastName: name.optional(),
});

/** An existing account keeps its own password, so the new-password rule is the service's. */
export const staffAcceptBody = confirmRegistrationBody.extend({
  firstName: name.optional(),
  lastName: name.optional(),
});

export const staffUserParams = idParams("userId");
export const staffInvitationParams = idParams("invitationId");

export const staffRow = z.object({
  key: z.string(),
  kind: z.enum(["member", "invitation"]),
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(["owner", "staff"]),
  status: z.enum(["active", "invited", "expired"]),
  since: z.string(),
});

export type StaffInviteBody = z.infer<typeof staffInviteBody>;
export type StaffAcceptBody = z.infer<typeof staffAcceptBody>;
export type StaffRow = z.infer<typeof staffRow>;
