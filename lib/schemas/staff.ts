import { z } from "zod";
import { email } from "./auth";
import { confirmRegistrationBody } from "./account";
import { idParams, personLine } from "./common";

const name = personLine(z.string().trim().max(100, { error: "validation.tooLong" }));

/** POST /api/admin/staff – invite a person to the back office by mail. */
export const staffInviteBody = z.object({
  email,
  firstName: name.optional(),
  lastName: name.optional(),
});

/**
 * POST /api/auth/staff-invite – the mailed link's token and a password: the new account's, or the
 * existing account's own when the address has one (so the new-password rule is the service's).
 */
export const staffAcceptBody = confirmRegistrationBody.extend({
  firstName: name.optional(),
  lastName: name.optional(),
});

export const staffUserParams = idParams("userId");
export const staffInvitationParams = idParams("invitationId");

export const staffRow = z.object({
  /** "user:<id>" or "invitation:<id>", stable for lists. */
  key: z.string(),
  kind: z.enum(["member", "invitation"]),
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(["owner", "staff"]),
  status: z.enum(["active", "invited", "expired"]),
  /** ISO time: when the account was made or the invitation sent. */
  since: z.string(),
});

export type StaffInviteBody = z.infer<typeof staffInviteBody>;
export type StaffAcceptBody = z.infer<typeof staffAcceptBody>;
export type StaffRow = z.infer<typeof staffRow>;
