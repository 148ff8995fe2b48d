import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import messages from "./messages";
import { SiteFooter } from "@/components/shop/site-footer";
import { SiteHeader } from "@/components/shop/site-header";
import { shellBrand } from "@/lib/services/brand";

export default async function ShopLayout({ children }: { children: ReactNode }) {
  const [t, brand] = await Promise.all([getTranslations("common"), shellBrand()]);
  return (
    <ClientMessages messages={messages}>
      <div className="flex min-h-screen flex-col" style={brand.accent} data-testid="shop-shell">
        <a href="#main" className="skip-link" data-testid="skip-link">
          {t("skipToContent")}
        </a>
        <SiteHeader brand={{ shopName: brand.shopName, logoUrl: brand.logoUrl }} />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:py-8">
          {children}
        </main>
        <SiteFooter shopName={brand.shopName} />
      </div>
    </ClientMessages>
  );
}
