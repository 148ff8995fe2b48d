import type { Metadata } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { Providers } from "@/components/providers";
import { getServerSession } from "@/lib/auth/session";
import { publicUser } from "@/lib/services/users";
import { shellBrand } from "@/lib/services/brand";
import { pickMessages, ROOT_CLIENT_NAMESPACES } from "@/lib/i18n/client-namespaces";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const [t, brand] = await Promise.all([getTranslations("home"), shellBrand()]);
  return {
    title: { default: brand.shopName, template: `%s · ${brand.shopName}` },
    description: t("subtitle"),
    icons: { icon: brand.iconUrl },
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request headers renders every page per request: a prerendered page would carry no CSP
  // nonce (set by proxy.ts) on Next's own scripts and be blocked.
  const [locale, messages, session] = await Promise.all([getLocale(), getMessages(), getServerSession(), headers()]);
  const initialSession = session
    ? { authenticated: true, user: publicUser(session.user), roles: session.roles }
    : { authenticated: false, user: null, roles: [] };
  return (
    <html lang={locale}>
      <body className="min-h-screen">
        <NextIntlClientProvider
          locale={locale}
          messages={pickMessages(messages as Parameters<typeof pickMessages>[0], ROOT_CLIENT_NAMESPACES)}
        >
          <Providers session={initialSession}>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
