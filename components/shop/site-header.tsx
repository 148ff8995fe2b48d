"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { sessionQuery } from "@/lib/api-client/session";
import { cartKeys } from "@/lib/api-client/cart";
import { apiFetch } from "@/lib/api-client/fetcher";
import type { CartSummaryDto } from "@/lib/schemas/cart";
import type { ShellBrand } from "@/lib/schemas/brand";
import { LanguageSwitch } from "@/components/language-switch";
import { useLogout } from "@/components/use-logout";
import { backOfficeHome, isBackOffice } from "@/lib/domain/permissions";

/** Never redirects and stays silent: a session that ended meanwhile must not send the whole page to /login. */
const headerCartSummary = queryOptions({
  queryKey: cartKeys.summary(),
  queryFn: ({ signal }) => apiFetch<CartSummaryDto>("/user/cart/summary", { signal, redirectOnAuthError: false }),
  meta: { silent: true },
});

const MENU_ID = "site-menu";

/** Short classes (`nav-pill`, `hdr-*`) because the header is part of every page's HTML. */
export function SiteHeader({ brand }: { brand: Pick<ShellBrand, "shopName" | "logoUrl"> }) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  const { data: session } = useQuery(sessionQuery);
  const signedIn = !!session?.authenticated;
  const isCustomer = signedIn && (session.roles.includes("customer") || isBackOffice(session.roles));
  const { data: cart } = useQuery({ ...headerCartSummary, enabled: signedIn });
  const onLogout = useLogout();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const links = [
    { href: "/", label: t("designMug"), active: pathname === "/" || pathname.startsWith("/editor") },
    { href: "/my-images", label: t("myImages"), active: pathname.startsWith("/my-images") },
    { href: "/orders", label: t("myOrders"), active: pathname.startsWith("/orders") },
  ];

  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  // While open: Escape closes and gives focus back to the button; a click outside the header closes.
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("a, button, select")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);

  const loginHref = pathname === "/" || pathname === "/login" ? "/login" : `/login?callbackUrl=${encodeURIComponent(pathname)}`;
  const count = cart?.itemCount ?? 0;
  const pill = (active: boolean) => (active ? "nav-pill-on" : "nav-pill");

  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:py-3">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-brand-700 sm:order-1" data-testid="shop-name">
          {brand.logoUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- the owner's logo, already a small PNG
            <img src={brand.logoUrl} alt="" width={32} height={32} className="h-8 w-auto max-w-24 object-contain" />
          )}
          {brand.shopName}
        </Link>

        {signedIn && (
          <Link
            href="/cart"
            data-testid="header-cart"
            aria-label={t("cartLabel", { count })}
            aria-current={pathname.startsWith("/cart") ? "page" : undefined}
            className="hdr-cart"
          >
            <CartIcon />
            <span className="hidden md:inline">{t("cart")}</span>
            {count > 0 && (
              <span
                data-testid="header-cart-count"
                className="min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-semibold leading-5 text-white"
              >
                {count}
              </span>
            )}
          </Link>
        )}

        <button
          ref={buttonRef}
          type="button"
          className={signedIn ? "hdr-menu" : "hdr-menu ml-auto"}
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((o) => !o)}
        >
          <MenuIcon open={open} />
          {t("menu")}
        </button>

        <div id={MENU_ID} ref={panelRef} className={open ? "hdr-panel-open" : "hdr-panel"}>
          <nav aria-label={t("mainLabel")} className="sm:order-2 sm:flex-1">
            <ul className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:items-center">
              {links.map((l) => (
                <li key={l.href}>
                  <Link
                    href={l.href}
                    aria-current={l.active ? "page" : undefined}
                    className={pill(l.active)}
                    onClick={() => setOpen(false)}
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-wrap items-center gap-3 sm:order-3">
            <LanguageSwitch />
            {session && isBackOffice(session.roles) && (
              <Link href={backOfficeHome(session.roles)} className="text-sm text-stone-700 hover:underline">
                {t("admin")}
              </Link>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:order-5">
            {isCustomer ? (
              <Link
                href="/account"
                aria-current={pathname.startsWith("/account") ? "page" : undefined}
                className={`btn-secondary ${pathname.startsWith("/account") ? "border-brand-600 text-brand-700" : ""}`}
              >
                {t("myAccount")}
              </Link>
            ) : (
              <Link href={loginHref} className="btn-secondary">
                {t("login")}
              </Link>
            )}
            {signedIn && (
              <button type="button" className="btn-secondary" onClick={onLogout}>
                {t("logout")}
              </button>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="icon-line h-5 w-5">
      <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
      <circle cx="9.5" cy="20" r="1.3" />
      <circle cx="17.5" cy="20" r="1.3" />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
