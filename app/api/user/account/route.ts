import { route } from "@/lib/api/route";
import { accountUpdateBody } from "@/lib/schemas/account";
import { getAccount, updateAccount } from "@/lib/services/account";

// GET /api/user/account – own data, whether a password is set, and the addresses used before (any signed-in session, guests too)
export const GET = route({ access: "user" }, async ({ session, locale }) => getAccount(session.user.id, locale));

// PUT /api/user/account – changes first name, last name and phone; answers like GET
export const PUT = route({ access: "user", body: accountUpdateBody }, async ({ session, body, locale }) => updateAccount(session.user.id, body, locale));
