import { auditClient } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { signedInAnswer } from "@/lib/api/signed-in";
import { resetPasswordBody } from "@/lib/schemas/account";
import { resetPassword } from "@/lib/services/account";

export const POST = route({ access: "public", body: resetPasswordBody }, async ({ req, body }) =>
  signedInAnswer(await resetPassword(body.token, body.password, auditClient(req))),
);
