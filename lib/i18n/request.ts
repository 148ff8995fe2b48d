import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { BERLIN_TIME_ZONE } from "@/lib/domain/berlin-time";
import { LOCALE_COOKIE, resolveLocale } from "./config";
import { loadCompiledMessages } from "./messages";

export default getRequestConfig(async () => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerStore.get("accept-language"));
  return { locale, messages: loadCompiledMessages(locale), timeZone: BERLIN_TIME_ZONE };
});
