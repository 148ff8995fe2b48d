import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { LanguageSwitch } from "@/components/language-switch";
import { SiteFooter } from "@/components/shop/site-footer";
import type { ShellBrand } from "@/lib/schemas/brand";

export function AuthShell({ brand, children }: { brand: ShellBrand; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col" style={brand.accent}>
      <header className="flex items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand-700">
          {brand.shopName}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-8 sm:py-16">{children}</main>
      <SiteFooter shopName={brand.shopName} />
    </div>
  );
}

export type MailedLinkPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A page opened from a mailed link sends no Referer, so its token does not leave with what the page loads. */
export function mailedLinkMetadata(namespace: "confirmRegistration" | "resetPassword" | "signInLink") {
  return async function generateMetadata(): Promise<Metadata> {
    const t = await getTranslations(namespace);
    return { title: t("title"), referrer: "no-referrer" };
  };
}

/** The link's token; null when missing or blank, which the form shows as an invalid link. */
export async function mailedLinkToken(searchParams: MailedLinkPageProps["searchParams"]): Promise<string | null> {
  const { token } = await searchParams;
  return typeof token === "string" && token.trim() ? token.trim() : null;
}
