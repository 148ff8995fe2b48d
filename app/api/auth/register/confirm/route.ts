import { route } from "@/lib/api/route";
import { signedInAnswer } from "@/lib/api/signed-in";
import { confirmRegistrationBody } from "@/lib/schemas/account";
import { confirmRegistration } from "@/lib/services/account";

export const POST = route({ access: "public", body: confirmRegistrationBody }, async ({ body }) =>
  signedInAnswer(await confirmRegistration(body.token, body.password), 201),
);
