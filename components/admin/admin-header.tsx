"use client";

import { useTranslations } from "next-intl";
import { LanguageSwitch } from "@/components/language-switch";
import { useLogout } from "@/components/use-logout";

export function AdminHeader({ email }: { email: string }) {
  const t = useTranslations("admin");
  const tn = useTranslations("nav");
  const onLogout = useLogout();
  return (
    <header className="flex items-center justify-between border-b border-stone-200 bg-white px-4 py-3">
      <span className="text-lg font-bold text-brand-700">{t("title")}</span>
      <div className="flex items-center gap-3">
        <span className="hidden text-sm text-stone-600 sm:inline">{t("signedInAs", { email })}</span>
        <LanguageSwitch />
        <button type="button" className="btn-secondary" onClick={onLogout}>
          {tn("logout")}
        </button>
      </div>
    </header>
  );
}
