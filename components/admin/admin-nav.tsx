"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

type MenuKey = "dashboard" | "articles" | "articleCategories" | "suppliers" | "vat" | "logistics";

/** Admin navigation; sections are added here as they are built. */
const MENU: { key: MenuKey; href: string }[] = [
  { key: "dashboard", href: "/admin" },
  { key: "articles", href: "/admin/articles" },
  { key: "articleCategories", href: "/admin/article-categories" },
  { key: "suppliers", href: "/admin/suppliers" },
  { key: "vat", href: "/admin/vat" },
  { key: "logistics", href: "/admin/logistics" },
];

export function AdminNav() {
  const t = useTranslations("admin.menu");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0">
      {MENU.map((item) => {
        const active = item.href === "/admin" ? pathname === "/admin" : pathname.startsWith(item.href);
        return (
          <Link
            key={item.key}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={`shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm ${active ? "bg-brand-50 font-medium text-brand-700" : "text-stone-700 hover:bg-stone-100"}`}
          >
            {t(item.key)}
          </Link>
        );
      })}
      <Link href="/" className="shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm text-stone-500 hover:bg-stone-100 md:mt-4">
        {t("backToShop")}
      </Link>
    </nav>
  );
}
