import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { LoginPanel } from "@/components/auth/login-panel";
import { safeCallbackPath } from "@/lib/callback-url";
import { shellBrand } from "@/lib/services/brand";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login");
  return { title: t("title") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  return (
    <AuthShell brand={await shellBrand()}>
      {/* Only a path on the shop itself is returned to after login (no open redirect). */}
      <LoginPanel
        callbackUrl={safeCallbackPath(params.callbackUrl)}
        initialTab={params.tab === "register" ? "register" : "signin"}
        initialForgot={params.forgot === "1"}
        initialTwoFactor={params.step === "two-factor"}
      />
    </AuthShell>
  );
}
