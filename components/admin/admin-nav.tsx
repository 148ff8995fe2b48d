"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { canOpenPage } from "@/lib/domain/permissions";

type MenuKey =
  | "dashboard"
  | "openOrders"
  | "orderHistory"
  | "customers"
  | "articles"
  | "articleCategories"
  | "suppliers"
  | "discountCodes"
  | "vat"
  | "ossReport"
  | "prompts"
  | "promptCategories"
  | "slotTypes"
  | "slotVariants"
  | "promptTester"
  | "mail"
  | "logistics"
  | "settings"
  | "brand"
  | "shipping"
  | "audit"
  | "security"
  | "staff";

const MENU: { key: MenuKey; href: string }[] = [
  { key: "dashboard", href: "/admin" },
  { key: "openOrders", href: "/admin/orders" },
  { key: "orderHistory", href: "/admin/orders/history" },
  { key: "customers", href: "/admin/customers" },
  { key: "articles", href: "/admin/articles" },
  { key: "articleCategories", href: "/admin/article-categories" },
  { key: "suppliers", href: "/admin/suppliers" },
  { key: "discountCodes", href: "/admin/discount-codes" },
  { key: "vat", href: "/admin/vat" },
  { key: "ossReport", href: "/admin/reports/oss" },
  { key: "prompts", href: "/admin/prompts" },
  { key: "promptCategories", href: "/admin/prompt-categories" },
  { key: "slotTypes", href: "/admin/slot-types" },
  { key: "slotVariants", href: "/admin/slot-variants" },
  { key: "promptTester", href: "/admin/prompt-tester" },
  { key: "mail", href: "/admin/mail" },
  { key: "logistics", href: "/admin/logistics" },
  { key: "settings", href: "/admin/settings" },
  { key: "brand", href: "/admin/settings/brand" },
  { key: "shipping", href: "/admin/shipping" },
  { key: "audit", href: "/admin/audit" },
  { key: "security", href: "/admin/security" },
  { key: "staff", href: "/admin/staff" },
];

/** Staff see only the entries their permissions open (lib/domain/permissions.ts); the server checks again. */
export function AdminNav({ roles }: { roles: readonly string[] }) {
  const t = useTranslations("admin.menu");
  const pathname = usePathname();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setOpen(false);
  }
  const menu = MENU.filter((item) => canOpenPage(roles, item.href));
  const matches = (href: string) => (href === "/admin" ? pathname === "/admin" : pathname === href || pathname.startsWith(`${href}/`));
  // The most specific entry wins (/admin/orders/history is not also "Open orders").
  const current = menu.filter((item) => matches(item.href)).sort((a, b) => b.href.length - a.href.length)[0];
  const isActive = (href: string) => current?.href === href;
  return (
    <nav aria-label={t("label")}>
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 md:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="min-w-0 truncate">
          <span className="text-stone-500">{t("menuButton")}</span>
          {current && <span className="font-medium text-brand-700"> · {t(current.key)}</span>}
        </span>
        <span aria-hidden className={`inline-block text-stone-500 transition-transform ${open ? "rotate-180" : ""}`}>
          ▾
        </span>
      </button>
      <div id={listId} className={`${open ? "flex" : "hidden"} mt-2 flex-wrap gap-1 md:mt-0 md:flex md:flex-col`}>
        {menu.map((item) => {
          const active = isActive(item.href);
          return (
            <Link key={item.key} href={item.href} aria-current={active ? "page" : undefined} className={active ? "anav-on" : "anav"}>
              {t(item.key)}
            </Link>
          );
        })}
        <Link href="/" className="anav-base text-stone-500 hover:bg-stone-100 md:mt-4">
          {t("backToShop")}
        </Link>
      </div>
    </nav>
  );
}
