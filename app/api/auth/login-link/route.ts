import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import { translate } from "@/lib/i18n/messages";
import { forgotPasswordBody } from "@/lib/schemas/account";
import { requestSignInLink } from "@/lib/services/account";

export const POST = route({ access: "public", body: forgotPasswordBody }, async ({ req, body, locale }) => {
  await requestSignInLink({ email: body.email, clientIp: clientIp(req, env().TRUSTED_PROXY_COUNT), locale, requestUrl: req.url });
  return Response.json({ message: translate(locale, "account.loginLinkSent") }, { status: 202 });
});
