import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import messages from "./messages";
import { SiteFooter } from "@/components/shop/site-footer";
import { SiteHeader } from "@/components/shop/site-header";

export default async function ShopLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("common");
  return (
    <ClientMessages messages={messages}>
      <div className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link" data-testid="skip-link">
          {t("skipToContent")}
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:py-8">
          {children}
        </main>
        <SiteFooter />
      </div>
    </ClientMessages>
  );
}
