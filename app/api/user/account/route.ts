import { route } from "@/lib/api/route";
import { clearSessionCookie } from "@/lib/auth/cookie";
import { translate } from "@/lib/i18n/messages";
import { accountUpdateBody, deleteAccountBody } from "@/lib/schemas/account";
import { getAccount, updateAccount } from "@/lib/services/account";
import { eraseAccount } from "@/lib/services/privacy";

export const GET = route({ access: "user" }, async ({ session, locale }) => getAccount(session.user.id, locale));

export const PUT = route({ access: "user", body: accountUpdateBody }, async ({ session, body, locale }) =>
  updateAccount(session.user.id, body, locale),
);

export const DELETE = route({ access: "user", body: deleteAccountBody }, async ({ session, body, locale }) => {
  await eraseAccount(session.user.id, body.password);
  const res = Response.json({ message: translate(locale, "account.accountDeleted") });
  res.headers.append("set-cookie", clearSessionCookie());
  return res;
});
