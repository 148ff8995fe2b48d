import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { signedInAnswer } from "@/lib/api/signed-in";
import { staffAcceptBody } from "@/lib/schemas/staff";
import { acceptStaffInvitation } from "@/lib/services/staff";

export const POST = route({ access: "public", body: staffAcceptBody }, async ({ req, body }) =>
  signedInAnswer(await acceptStaffInvitation(body, auditClient(req))),
);
