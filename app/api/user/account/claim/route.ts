import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import { translate } from "@/lib/i18n/messages";
import { setPasswordBody } from "@/lib/schemas/guest-orders";
import { claimOwnGuestAccount } from "@/lib/services/orders/guest-link";

/** 202 and no session: the password is set once the link mailed to the account's address is used. */
export const POST = route({ access: "user", body: setPasswordBody }, async ({ req, session, body, locale }) => {
  await claimOwnGuestAccount(session, body.password, { clientIp: clientIp(req, env().TRUSTED_PROXY_COUNT), locale, requestUrl: req.url });
  return Response.json({ checkMail: true, message: translate(locale, "account.claimCheckMail") }, { status: 202 });
});
