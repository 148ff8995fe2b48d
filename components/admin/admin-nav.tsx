"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

type MenuKey = "dashboard" | "vat" | "logistics";

/** Admin navigation; sections are added here as they are built. */
const MENU: { key: MenuKey; href: string }[] = [
  { key: "dashboard", href: "/admin" },
  { key: "vat", href: "/admin/vat" },
  { key: "logistics", href: "/admin/logistics" },
];

export function AdminNav() {
  const t = useTranslations("admin.menu");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="flex flex-col gap-1">
      {MENU.map((item) => {
        const active = item.href === "/admin" ? pathname === "/admin" : pathname.startsWith(item.href);
        return (
          <Link
            key={item.key}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={`rounded-md px-3 py-2 text-sm ${active ? "bg-brand-50 font-medium text-brand-700" : "text-stone-700 hover:bg-stone-100"}`}
          >
            {t(item.key)}
          </Link>
        );
      })}
      <Link href="/" className="mt-4 rounded-md px-3 py-2 text-sm text-stone-500 hover:bg-stone-100">
        {t("backToShop")}
      </Link>
    </nav>
  );
}
