import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { Providers } from "@/components/providers";
import { getServerSession } from "@/lib/auth/session";
import { publicUser } from "@/lib/services/users";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("home");
  return { title: { default: "MugMagic", template: "%s · MugMagic" }, description: t("subtitle") };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, messages, session] = await Promise.all([getLocale(), getMessages(), getServerSession()]);
  const initialSession = session
    ? { authenticated: true, user: publicUser(session.user), roles: session.roles }
    : { authenticated: false, user: null, roles: [] };
  return (
    <html lang={locale}>
      <body className="min-h-screen">
        <NextIntlClientProvider locale={locale} messages={messages}>
          <Providers session={initialSession}>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
