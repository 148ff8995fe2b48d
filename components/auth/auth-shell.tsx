import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { LanguageSwitch } from "@/components/language-switch";

export async function AuthShell({ children }: { children: ReactNode }) {
  const tc = await getTranslations("common");
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand-700">
          {tc("appName")}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="mx-auto max-w-md px-4 py-8 sm:py-16">{children}</main>
    </div>
  );
}
