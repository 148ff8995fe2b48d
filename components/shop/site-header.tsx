"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { sessionQuery } from "@/lib/api-client/session";
import { LanguageSwitch } from "@/components/language-switch";
import { useLogout } from "@/components/use-logout";

export function SiteHeader() {
  const t = useTranslations("nav");
  const tc = useTranslations("common");
  const pathname = usePathname();
  const { data: session } = useQuery(sessionQuery);
  const onLogout = useLogout();
  const links = [
    { href: "/", label: t("designMug"), active: pathname === "/" || pathname.startsWith("/editor") },
    { href: "/my-images", label: t("myImages"), active: pathname.startsWith("/my-images") },
    { href: "/orders", label: t("myOrders"), active: pathname.startsWith("/orders") },
  ];

  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand-700">
          {tc("appName")}
        </Link>
        <nav aria-label={t("mainLabel")} className="flex flex-wrap items-center gap-1">
          {links.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              aria-current={l.active ? "page" : undefined}
              className={`rounded-md px-3 py-2 text-sm font-medium ${l.active ? "bg-brand-50 text-brand-700" : "text-stone-700 hover:bg-stone-100"}`}
            >
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-3">
          <LanguageSwitch />
          {session?.roles.includes("admin") && (
            <Link href="/admin" className="text-sm text-stone-700 hover:underline">
              {t("admin")}
            </Link>
          )}
          {session?.authenticated ? (
            <button type="button" className="btn-secondary" onClick={onLogout}>
              {t("logout")}
            </button>
          ) : (
            <Link href="/login" className="btn-secondary">
              {t("login")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
