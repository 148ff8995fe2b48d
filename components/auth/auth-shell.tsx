import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { LanguageSwitch } from "@/components/language-switch";
import { SiteFooter } from "@/components/shop/site-footer";

export async function AuthShell({ children }: { children: ReactNode }) {
  const tc = await getTranslations("common");
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand-700">
          {tc("appName")}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-8 sm:py-16">{children}</main>
      <SiteFooter />
    </div>
  );
}
