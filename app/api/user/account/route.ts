import { route } from "@/lib/api/route";
import { clearSessionCookie } from "@/lib/auth/cookie";
import { translate } from "@/lib/i18n/messages";
import { accountUpdateBody, deleteAccountBody } from "@/lib/schemas/account";
import { eraseAccount, getAccount, updateAccount } from "@/lib/services/account";

// GET /api/user/account – own data, whether a password is set, and the addresses used before (any signed-in session, guests too)
export const GET = route({ access: "user" }, async ({ session, locale }) => getAccount(session.user.id, locale));

// PUT /api/user/account – changes first name, last name and phone; answers like GET
export const PUT = route({ access: "user", body: accountUpdateBody }, async ({ session, body, locale }) =>
  updateAccount(session.user.id, body, locale),
);

// DELETE /api/user/account – erases the caller's account ({password} when it has one, wrong → 422; admin → 409); paid orders stay detached for the books; clears the cookie
export const DELETE = route({ access: "user", body: deleteAccountBody }, async ({ session, body, locale }) => {
  await eraseAccount(session.user.id, body.password);
  const res = Response.json({ message: translate(locale, "account.accountDeleted") });
  res.headers.append("set-cookie", clearSessionCookie());
  return res;
});
