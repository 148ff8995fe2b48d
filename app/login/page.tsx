import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { LanguageSwitch } from "@/components/language-switch";
import { safeCallbackPath } from "@/lib/callback-url";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login");
  return { title: t("title") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [t, tc, params] = await Promise.all([getTranslations("login"), getTranslations("common"), searchParams]);
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-stone-200 bg-white px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand-700">
          {tc("appName")}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="mx-auto max-w-sm px-4 py-16">
        <div className="card">
          <h1 className="mb-1 text-2xl font-semibold">{t("title")}</h1>
          <p className="mb-6 text-sm text-stone-600">{t("subtitle")}</p>
          {/* Only a path on the shop itself is returned to after login (no open redirect). */}
          <LoginForm callbackUrl={safeCallbackPath(params.callbackUrl)} />
        </div>
      </main>
    </div>
  );
}
